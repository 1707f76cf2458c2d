import { type Language, TOPICS, type Topic } from '@ummahnotify/core';
import type { SignupOptions } from '@ummahnotify/domain';
import { pushHere } from './homeScreen';
import { CHANNELS, type Channel, type OutcomeType } from './names';

/** A text the page shows in whichever language a frame is in (the page holds both). */
export type Said = (language: Language) => string;

export interface Outcome {
  type: OutcomeType;
  said: Said;
}

/** What the panel of the chosen channel shows; a new one whenever the visitor picks another channel. */
export interface PanelState {
  busy: boolean;
  /** The proof of work is being solved (the button says so). */
  proving: boolean;
  /** The field's problem (email, phone or code). */
  problem: Said | null;
  outcome: Outcome | null;
  /** WhatsApp: the number the code was sent to, and whether the code was confirmed. */
  phone: string | null;
  done: boolean;
  /** Telegram: the deep link the server gave. */
  telegramLink: string | null;
}

/** Everything the sign-up section shows, in both frames; the inputs' text is in the inputs (view.ts keeps it). */
export interface SignupState {
  topics: Topic[];
  topicsTouched: boolean;
  /** Follows the language on screen until the visitor picks one. */
  messageLanguage: Language | null;
  options: 'loading' | 'failed' | SignupOptions;
  picked: Channel | null;
  panel: PanelState;
  /** This browser's web push subscription, when our service worker has one. */
  subscription: PushSubscription | null;
}

export const newPanel = (): PanelState => ({
  busy: false,
  proving: false,
  problem: null,
  outcome: null,
  phone: null,
  done: false,
  telegramLink: null,
});

export const initialState = (): SignupState => ({
  topics: [...TOPICS],
  topicsTouched: false,
  messageLanguage: null,
  options: 'loading',
  picked: null,
  panel: newPanel(),
  subscription: null,
});

/**
 * A channel the visitor can pick: on at the server, and web push only in a browser that has it, or in iOS Safari,
 * where picking it shows how to add the site to the Home Screen, whose app has it.
 */
export function available(options: SignupOptions, channel: Channel): boolean {
  if (channel === 'webpush') return options.webpush.enabled && !!options.webpush.publicKey && pushHere() !== 'none';
  return options[channel].enabled;
}

/** The channel shown: the one picked, else the first the server has on. */
export function chosenChannel(state: SignupState): Channel {
  const { options } = state;
  if (typeof options === 'string') return state.picked ?? 'webpush';
  return state.picked ?? CHANNELS.find((c) => available(options, c)) ?? 'webpush';
}

/**
 * The panel in view: the channel's own, how to add the site to the Home Screen (web push in iOS Safari), or why the
 * channel cannot be used here.
 */
export function panelShown(state: SignupState): Channel | 'home-screen' | 'off' | 'unsupported' {
  const { options } = state;
  const channel = chosenChannel(state);
  if (typeof options === 'string') return channel;
  if (channel === 'webpush' && available(options, channel) && pushHere() === 'home-screen') return 'home-screen';
  if (available(options, channel)) return channel;
  return channel === 'webpush' && options.webpush.enabled ? 'unsupported' : 'off';
}
