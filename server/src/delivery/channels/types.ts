import type { Language, SubscriberChannel, Topic } from '@ummahnotify/core';
import { type ChannelState, catalogues, fillIn } from '@ummahnotify/domain';

/** Who a message goes to: the subscriber's row, as the channel needs it. */
export interface Recipient {
  id: string;
  channel: SubscriberChannel;
  /** push endpoint URL, email address, +65XXXXXXXX, or Telegram chat id */
  address: string;
  /** web push only: JSON {p256dh, auth} */
  pushKeys: string | null;
  language: Language;
  /** the secret of the subscriber's unsubscribe link */
  token: string;
  /** email only: the delivery's VERP tag (delivery/bounce-tag.ts), for its envelope sender and DELIVERY_HEADER */
  bounceTag?: string;
}

/** A notice or event rendered in one language; channels shape it for their medium. */
export interface Message {
  kind: 'janaza' | 'events';
  itemId: string;
  language: Language;
  /** true for a deliberate correction; the title already says so */
  correction: boolean;
  /** true for the cancellation of a withdrawn notice (the cancellation template on WhatsApp); the title says so */
  cancellation?: boolean;
  title: string;
  /** plain text, lines separated by \n */
  body: string;
  /** the public page that shows the item */
  url: string;
  /** absolute public URL of the photo or poster; always null for a private notice */
  imageUrl: string | null;
  /** the upload behind imageUrl, for a channel that sends the bytes (Telegram) */
  imageId?: string;
  /**
   * The body parameters {{1}}..{{4}} of the WhatsApp template (README "WhatsApp templates"), raw (the
   * WhatsApp payload sanitises them): janaza [name or private title, when, place, url]; event
   * [heading, when, place, url]; a correction of either the same, sent with the correction template.
   */
  templateParams: string[];
  /** web push only: the notification's tag (one with the same tag replaces it); default `<kind>-<itemId>` */
  tag?: string;
  /**
   * When the message stops being worth delivering (UTC ISO 8601): a janaza's prayer time, an event's start. Web push
   * lets the push service hold it for an offline phone only until then. None (the welcome push): a day.
   */
  expiresAt?: string;
}

/**
 * What a send came to. temporary: try again later (retryAfterMs when the peer said so);
 * paced: the provider asked us to slow down, which is never the recipient's failure (delivery/pace);
 * account: the provider refused the sender's account (a paused template, a revoked token, a relay's policy
 * refusal), which pauses the channel and is never the recipient's failure (delivery/pauses.ts);
 * permanent: this message cannot be delivered; gone: the subscription no longer exists and is retired
 * (with `topic`: the person stopped that topic alone, e.g. WhatsApp 131050 for marketing-like messages).
 * `providerId` is the provider's id of an accepted message (WhatsApp's wamid), which its later status
 * reports name; `code` is the cause as staff see it grouped (ErrorCode).
 */
export type SendOutcome =
  | { ok: true; providerId?: string }
  | { ok: false; kind: 'temporary'; error: string; code?: ErrorCode; retryAfterMs?: number }
  | PacedOutcome
  | AccountOutcome
  | { ok: false; kind: 'permanent'; error: string; code?: ErrorCode }
  | { ok: false; kind: 'gone'; error: string; code?: ErrorCode; topic?: Topic };

/**
 * A failure's cause, '<provider>:<code>': whatsapp:131026, smtp:5.1.1 (an enhanced status code, else the
 * reply code), telegram:403, webpush:410, bounce:5.1.1 (a DSN after the relay accepted), complaint (a spam
 * report). Staff see failures grouped by it (deliveryStatus).
 */
export type ErrorCode = string;

/** The provider refused the account, not the recipient: the channel pauses and the delivery waits (delivery/pauses.ts). */
export interface AccountOutcome {
  ok: false;
  kind: 'account';
  code: ErrorCode;
  error: string;
  /** Set by the engine once the channel is paused: how long the delivery waits. */
  retryAfterMs?: number;
}

export const accountRefusal = (code: ErrorCode, error: string): AccountOutcome => ({
  ok: false,
  kind: 'account',
  code,
  error,
});

/**
 * A refusal for pace: wait `retryAfterMs`, then try again; the attempt does not count. `scope` is what
 * the provider paused: the whole channel (bot, phone number, mail account), one push service (`service`,
 * its origin), the recipient alone (one chat a second, the WhatsApp pair rate), or the WhatsApp daily
 * messaging limit (the delivery waits for it to free up).
 */
export interface PacedOutcome {
  ok: false;
  kind: 'paced';
  scope: 'channel' | 'service' | 'recipient' | 'limit';
  error: string;
  retryAfterMs: number;
  service?: string;
  /** The provider named no time (WhatsApp 130429, SMTP 421/451): the engine picks the pause (pace/backoff.ts). */
  unstated?: true;
  /** WhatsApp 131048, which Meta answers when the messaging limit is reached: the limit is read again. */
  limitRefused?: true;
  /** Never offered to the provider (the engine stopped, or its channel was switched off): due again at once. */
  notTried?: true;
}

export const paced = (
  scope: PacedOutcome['scope'],
  error: string,
  retryAfterMs: number,
  service?: string,
): PacedOutcome => ({ ok: false, kind: 'paced', scope, error, retryAfterMs, ...(service && { service }) });

/** A claimed message handed back before its send began: pending again, due at once, its attempt uncounted. */
export const notTried = (error: string): PacedOutcome => ({ ...paced('channel', error, 0), notTried: true });

/** The channel's "slow down" that names no time: how long to rest is the engine's choice (pace/backoff.ts). */
export const pacedUnstated = (error: string): PacedOutcome => ({ ...paced('channel', error, 0), unstated: true });

export interface Channel {
  readonly name: SubscriberChannel;
  /** Off when its configuration is missing; the reason says which setting. */
  readonly state: ChannelState;
  /** Never throws: every failure is an outcome. */
  send(to: Recipient, message: Message): Promise<SendOutcome>;
  close(): Promise<void>;
}

/** Why a channel is off: a `reason.*` key of the delivery catalogue and its values (names of settings). */
export interface OffReason {
  key: Extract<keyof (typeof catalogues.delivery)['en'], `reason.${string}`>;
  params: Record<string, string>;
}

/** The reason in English, as logs and the `reason` field say it. */
export const reasonText = ({ key, params }: OffReason): string => fillIn(catalogues.delivery.en[key], params);

/** The settings (one or two) that are missing. */
export const notSet = (settings: string[]): OffReason =>
  settings.length > 1
    ? { key: 'reason.notSet2', params: { a: settings[0] ?? '', b: settings[1] ?? '' } }
    : { key: 'reason.notSet1', params: { a: settings[0] ?? '' } };

export const offState = (channel: SubscriberChannel, reason: OffReason): ChannelState => ({
  channel,
  enabled: false,
  reason: reasonText(reason),
  reasonKey: reason.key,
  reasonParams: reason.params,
});
export const onState = (channel: SubscriberChannel): ChannelState => ({ channel, enabled: true, reason: null });
