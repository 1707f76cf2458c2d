// What the sign-up section's controls do (landing/SignupSection.tsx draws them): the visitor's choices, and the
// calls of the four channels. Every change goes into the state, and view.ts shows it in both language frames.
import { type Language, SIGNUP_API, TOPICS, type Topic } from '@ummahnotify/core';
import type { AppConfig, ProvedChannel, SignupOptions } from '@ummahnotify/domain';
import { getJson, isCallFailed, isRefusal, postJson } from './call';
import { CHANNELS, type Channel } from './names';
import { isProofUnsolved } from './proofUnsolved';
import { available, chosenChannel, initialState, newPanel, type Outcome, type Said, type SignupState } from './state';
import { render, sections } from './view';
import { askPermission, currentSubscription, type PushFailure, PushSetupError, subscribeToPush } from './webpush';

const loadTexts = () => import(/* webpackChunkName: "signup-texts" */ './texts');
const loadProof = () => import(/* webpackChunkName: "signup-proof" */ './proof');
type Texts = Awaited<ReturnType<typeof loadTexts>>;

const PUSH_FAILURE: Record<PushFailure, string> = {
  unsupported: 'webpushUnsupported',
  denied: 'webpushDenied',
  failed: 'webpushFailed',
};

/** The language on screen (the frame shown). */
const onScreen = (): Language => (document.documentElement.lang === 'ta' ? 'ta' : 'en');

/** A text the build wrote on each frame's section (`data-<key>`), for when the texts cannot be fetched. */
const drawnText =
  (key: string): Said =>
  (language) =>
    sections().find((s) => s.language === language)?.root.dataset[key] ?? '';

/** What the visitor typed in a field of the frame on screen (view.ts keeps both frames' fields alike). */
function typed(name: string): string {
  const root = sections().find((s) => s.language === onScreen())?.root;
  return root?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
}

export function startSignup(config: AppConfig): void {
  let state = initialState();
  const update = (change: Partial<SignupState>) => {
    state = { ...state, ...change };
    render(state);
  };
  const updatePanel = (change: Partial<SignupState['panel']>) => update({ panel: { ...state.panel, ...change } });
  /** How many panels were started afresh (a channel picked, "another number"): a call knows its panel by it. */
  let panels = 0;
  const freshPanel = (change: Partial<SignupState> = {}) => {
    panels += 1;
    update({ ...change, panel: newPanel() });
  };

  /** What the visitor chose above the channels; every sign-up call sends it (null: no topic, said under them). */
  const choice = (): { topics: Topic[]; language: Language } | null => {
    update({ topicsTouched: true });
    return state.topics.length
      ? { topics: TOPICS.filter((x) => state.topics.includes(x)), language: state.messageLanguage ?? onScreen() }
      : null;
  };

  const prove = async (channel: ProvedChannel) => {
    updatePanel({ proving: true });
    try {
      return await (await loadProof()).solveProof(config, channel);
    } finally {
      updatePanel({ proving: false });
    }
  };

  /**
   * A button's action: fetches the texts (or says the network is unreachable), lets `prepare` check the input with
   * them and answer the call to make (null: nothing to send), then makes it: busy meanwhile, its outcome shown after,
   * a failure said in `sayFailure`'s words or else the reader of refusals'.
   */
  async function act(
    prepare: (texts: Texts) => (() => Promise<Outcome | null>) | null,
    sayFailure?: (error: unknown, texts: Texts) => Said | undefined,
  ): Promise<void> {
    if (state.panel.busy) return;
    // A panel left while its call was under way (another channel picked) is not told how it ended.
    const panel = panels;
    const settle = (change: Partial<SignupState['panel']>) => panel === panels && updatePanel(change);
    const texts = await loadTexts().catch(() => null);
    if (!texts) return void settle({ outcome: { type: 'error', said: drawnText('networkError') } });
    const call = prepare(texts);
    if (!call) return;
    updatePanel({ busy: true, outcome: null });
    try {
      const outcome = await call();
      settle({ busy: false, outcome });
    } catch (error) {
      const said: Said = isProofUnsolved(error)
        ? (l) => texts.say(l, 'proofFailed')
        : (sayFailure?.(error, texts) ??
          ((l) => (isCallFailed(error) ? texts.failureText(error, l) : texts.say(l, 'serverError'))));
      settle({ busy: false, proving: false, outcome: { type: 'error', said } });
    }
  }

  const sayAs =
    (texts: Texts, key: string, values?: Record<string, string>): Said =>
    (l) =>
      texts.say(l, key, values);

  const problemOf = (texts: Texts, parsed: Parameters<Texts['firstProblem']>[0]): Said | null =>
    parsed.success ? null : (l) => texts.firstProblem(parsed, l) ?? '';

  function sendEmail() {
    const chosen = choice();
    return act((texts) => {
      const parsed = texts.emailSignupSchema.shape.email.safeParse(typed('email'));
      updatePanel({ problem: problemOf(texts, parsed) });
      if (!chosen || !parsed.success) return null;
      return async () => {
        await postJson(config, SIGNUP_API.email, { email: parsed.data, ...chosen, altcha: await prove('email') });
        return { type: 'success', said: sayAs(texts, 'emailSent', { email: parsed.data }) };
      };
    });
  }

  function sendCode() {
    const chosen = choice();
    return act((texts) => {
      const parsed = texts.sgPhoneSchema.safeParse(typed('phone'));
      updatePanel({ problem: problemOf(texts, parsed) });
      if (!chosen || !parsed.success) return null;
      return async () => {
        await postJson(config, SIGNUP_API.whatsapp, { phone: parsed.data, ...chosen, altcha: await prove('whatsapp') });
        for (const input of document.querySelectorAll<HTMLInputElement>('[data-signup] input[name="code"]'))
          input.value = '';
        updatePanel({ phone: parsed.data });
        return { type: 'info', said: sayAs(texts, 'whatsappCodeSent', { phone: parsed.data }) };
      };
    });
  }

  function confirmCode() {
    const { phone } = state.panel;
    if (!phone) return;
    return act((texts) => {
      const parsed = texts.whatsappConfirmSchema.shape.code.safeParse(typed('code'));
      updatePanel({ problem: problemOf(texts, parsed) });
      if (!parsed.success) return null;
      return async () => {
        await postJson(config, SIGNUP_API.whatsappConfirm, { phone, code: parsed.data });
        updatePanel({ done: true });
        return { type: 'success', said: sayAs(texts, 'whatsappDone', { phone }) };
      };
    });
  }

  function startTelegram() {
    const chosen = choice();
    if (!chosen) return;
    return act((texts) => async () => {
      try {
        const answer = texts.telegramSignupResponseSchema.parse(await postJson(config, SIGNUP_API.telegram, chosen));
        updatePanel({ telegramLink: answer.link });
        window.open(answer.link, '_blank', 'noopener,noreferrer');
        return null;
      } catch (error) {
        updatePanel({ telegramLink: null });
        throw error;
      }
    });
  }

  /**
   * The tap on "Turn on notifications": once the checks that send nothing are done (no topic, a call under way), the
   * question to allow notifications is the first thing it does, before any await (askPermission says why); the
   * texts, the service worker and the proof of work come after.
   */
  function turnPushOn() {
    const chosen = choice();
    if (!chosen || typeof state.options === 'string' || state.panel.busy) return;
    const publicKey = state.options.webpush.publicKey ?? '';
    const permission = state.subscription ? null : askPermission();
    return act(
      (texts) => async () => {
        const wasOn = state.subscription !== null;
        const subscription = state.subscription ?? (await subscribeToPush(publicKey, permission ?? askPermission()));
        const altcha = await prove('webpush');
        try {
          await postJson(config, SIGNUP_API.webpush, { subscription: subscription.toJSON(), ...chosen, altcha });
        } catch (error) {
          // Its push service refused the server's first push: this subscription is dead, so the next try makes a new one.
          if (isRefusal(error, 'server.pushSubscriptionRefused')) {
            await subscription.unsubscribe().catch(() => false);
            update({ subscription: null });
          }
          throw error;
        }
        update({ subscription });
        return { type: 'success', said: sayAs(texts, wasOn ? 'webpushSaved' : 'webpushSubscribed') };
      },
      (error, texts) => (error instanceof PushSetupError ? sayAs(texts, PUSH_FAILURE[error.kind]) : undefined),
    );
  }

  function turnPushOff() {
    const { subscription } = state;
    if (!subscription) return;
    return act((texts) => async () => {
      await postJson(config, SIGNUP_API.webpushRemove, { endpoint: subscription.endpoint });
      await subscription.unsubscribe().catch(() => false);
      update({ subscription: null });
      return { type: 'success', said: sayAs(texts, 'webpushRemoved') };
    });
  }

  const pick = (channel: Channel) => {
    if (typeof state.options === 'string' || !available(state.options, channel)) return;
    if (channel !== chosenChannel(state)) freshPanel({ picked: channel });
  };

  /** The arrow keys move as antd's Segmented's do, past the channels that are off. */
  const step = (by: number) => {
    const { options } = state;
    if (typeof options === 'string') return;
    let index = CHANNELS.indexOf(chosenChannel(state));
    for (let tries = 0; tries < CHANNELS.length; tries++) {
      index = (index + by + CHANNELS.length) % CHANNELS.length;
      if (available(options, CHANNELS[index])) return pick(CHANNELS[index]);
    }
  };

  const prefetch = () => {
    loadTexts().catch(() => {});
    loadProof().catch(() => {});
  };

  for (const { root } of sections()) {
    root.addEventListener('focusin', prefetch, { once: true });
    root.addEventListener('pointerdown', prefetch, { once: true });
    root.addEventListener('change', (event) => {
      const input = event.target as HTMLInputElement;
      if (input.name === 'topics') {
        const topics = new Set(state.topics);
        if (input.checked) topics.add(input.value as Topic);
        else topics.delete(input.value as Topic);
        update({ topics: TOPICS.filter((t) => topics.has(t)), topicsTouched: true });
      } else if (input.type === 'radio' && input.closest('[data-channel-switch]') === null) {
        update({ messageLanguage: input.value as Language });
      }
    });
    // What is typed in one frame is in the other too, so the language switch keeps it.
    root.addEventListener('input', (event) => {
      const input = event.target as HTMLInputElement;
      for (const other of document.querySelectorAll<HTMLInputElement>(`[data-signup] input[name="${input.name}"]`))
        if (other !== input && other.type !== 'checkbox' && other.type !== 'radio') other.value = input.value;
    });
    root.addEventListener('click', (event) => {
      const target = event.target as Element;
      const item = target.closest('[data-channel-switch] label');
      if (item) {
        event.preventDefault();
        return pick(CHANNELS[[...(item.parentElement?.children ?? [])].indexOf(item)]);
      }
      const action = target.closest<HTMLElement>('[data-action]')?.dataset.action;
      if (action === 'telegram-start') void startTelegram();
      else if (action === 'webpush-on') void turnPushOn();
      else if (action === 'webpush-off') void turnPushOff();
      else if (action === 'whatsapp-other') freshPanel();
    });
    root.addEventListener('keydown', (event) => {
      if (!(event.target as Element).closest('[data-channel-switch]')) return;
      const by = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
      if (!by) return;
      event.preventDefault();
      step(by);
    });
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      const form = (event.target as HTMLElement).dataset.form;
      if (form === 'email') void sendEmail();
      else if (form === 'whatsapp') void (state.panel.phone ? confirmCode() : sendCode());
    });
  }

  render(state);
  // Asked again once after a failure, as the dashboard's queries do.
  const options = () => getJson<SignupOptions>(config, SIGNUP_API.options);
  options()
    .catch(options)
    .then(
      (found) => update({ options: found }),
      () => update({ options: 'failed' }),
    );
  currentSubscription().then(
    (subscription) => subscription && update({ subscription }),
    () => {},
  );
}
