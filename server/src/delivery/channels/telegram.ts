import { createHmac } from 'node:crypto';
import type FormData from 'form-data';
import type { Config } from '../../config';
import { type JsonCall, postForm, postJson } from './post-json';
import { type ReadImage, telegramPhotos } from './telegram-photo';
import { TELEGRAM_CAPTION_LIMIT, TELEGRAM_MESSAGE_LIMIT, telegramText } from './telegram-text';
import {
  accountRefusal,
  type Channel,
  notSet,
  type OffReason,
  offState,
  onState,
  paced,
  reasonText,
  type SendOutcome,
} from './types';

export interface TelegramChannel extends Channel {
  /** The bot's username (from getMe), for t.me deep links; null while unknown. */
  readonly botUsername: string | null;
  /** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token. */
  readonly webhookSecret: string;
  sendText(chatId: string, text: string): Promise<SendOutcome>;
  /** setWebhook with the secret token. */
  registerWebhook(url: string): Promise<SendOutcome>;
  /**
   * Long polling (getUpdates): the updates after `offset` (which confirms the ones before it), waiting up
   * to `timeoutSeconds` for one. 409 while a webhook is set or another poller is waiting.
   */
  getUpdates(options: {
    offset?: number;
    timeoutSeconds: number;
    limit?: number;
    signal?: AbortSignal;
  }): Promise<{ ok: true; updates: { update_id: number }[] } | { ok: false; status: number | null; error: string }>;
  /** deleteWebhook, so getUpdates may be used. */
  deleteWebhook(): Promise<SendOutcome>;
  /** Asks getMe again when the username is still unknown (start-up could not reach Telegram). */
  refreshBotUsername(): Promise<string | null>;
}

const TIMEOUT_MS = 15_000;
const STARTUP_TIMEOUT_MS = 5_000;
const GET_ME_RETRY_MS = 30_000;
/** The updates the bot acts on (features/signup/telegram.ts). */
const UPDATES = ['message', 'my_chat_member'];

/** A stable secret for the webhook header when TELEGRAM_WEBHOOK_SECRET is unset: 43 base64url characters. */
export function derivedWebhookSecret(botToken: string): string {
  return createHmac('sha256', botToken).update('ummahnotify:telegram-webhook-secret').digest('base64url');
}

interface BotApiAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

type Call = JsonCall<BotApiAnswer>;

/** What a Bot API answer means for the recipient (see the Bot API's error codes). */
export function telegramOutcome(call: Call): SendOutcome {
  if (!call.reached) return { ok: false, kind: 'temporary', error: call.error };
  const { status, body: answer } = call;
  if (status === 200 && answer.ok) return { ok: true };
  const error = `${answer.error_code ?? status} ${answer.description ?? ''}`.trim();
  // Flood control: the bot waits as long as Telegram asks (retry_after); one chat a second is kept
  // by the engine itself (delivery/pace), so a 429 is taken as the bot's pace, not the chat's.
  if (status === 429) {
    const seconds = Number(answer.parameters?.retry_after);
    return paced('channel', error, seconds > 0 ? seconds * 1000 : 1000);
  }
  const code = `telegram:${answer.error_code ?? status}`;
  // The bot's token refused (401 Unauthorized: revoked or wrong; 404: no bot at that token's path): the
  // account's problem, not the chat's. The channel pauses and nobody fails for it (delivery/pauses.ts).
  if (status === 401 || status === 404) return accountRefusal(code, error);
  if (status === 403) return { ok: false, kind: 'gone', error, code };
  if (status === 400 && /chat not found/i.test(answer.description ?? ''))
    return { ok: false, kind: 'gone', error, code };
  if (status >= 500) return { ok: false, kind: 'temporary', error, code };
  return { ok: false, kind: 'permanent', error, code };
}

function offChannel(reason: OffReason): TelegramChannel {
  const off = { ok: false, kind: 'permanent', error: `telegram is off: ${reasonText(reason)}` } as const;
  return {
    name: 'telegram',
    state: offState('telegram', reason),
    botUsername: null,
    webhookSecret: '',
    send: async () => off,
    sendText: async () => off,
    registerWebhook: async () => off,
    getUpdates: async () => ({ ok: false, status: null, error: off.error }),
    deleteWebhook: async () => off,
    refreshBotUsername: async () => null,
    close: async () => {},
  };
}

/** The bot's id, the token's public part before ':': the key of its shared pace budget. */
export const telegramBotId = (token: string): string => token.split(':')[0] ?? '';

/** `readImage`: an upload's bytes, for the photos the channel uploads (without it a notice goes as text alone). */
export async function createTelegramChannel(config: Config, readImage?: ReadImage): Promise<TelegramChannel> {
  const token = config.channels.TELEGRAM_BOT_TOKEN;
  if (!token) return offChannel(notSet(['TELEGRAM_BOT_TOKEN']));
  const base = `${config.channels.TELEGRAM_API_URL.replace(/\/+$/, '')}/bot${token}/`;
  const webhookSecret = config.channels.TELEGRAM_WEBHOOK_SECRET ?? derivedWebhookSecret(token);

  // An answer that is not JSON (a proxy's error page) is still Telegram's words to the channel.
  const unparsable = (text: string): BotApiAnswer => ({ ok: false, description: text });
  const call = (
    method: string,
    params: Record<string, unknown>,
    timeoutMs = TIMEOUT_MS,
    signal?: AbortSignal,
  ): Promise<Call> => postJson<BotApiAnswer>(base + method, params, { timeoutMs, signal, unparsable });
  const callForm = (method: string, form: FormData): Promise<Call> =>
    postForm<BotApiAnswer>(base + method, form, { timeoutMs: TIMEOUT_MS, unparsable });
  const photos = telegramPhotos(readImage);

  let botUsername: string | null = null;
  let lastGetMe = 0;
  let pending: Promise<string | null> | null = null;
  async function getMe(timeoutMs: number): Promise<Call> {
    lastGetMe = Date.now();
    const result = await call('getMe', {}, timeoutMs);
    if (result.reached && result.status === 200 && result.body.ok) {
      botUsername = (result.body.result as { username?: string }).username ?? null;
    }
    return result;
  }
  function refreshBotUsername(): Promise<string | null> {
    if (botUsername) return Promise.resolve(botUsername);
    pending ??= getMe(TIMEOUT_MS)
      .then(() => botUsername)
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  const first = await getMe(STARTUP_TIMEOUT_MS);
  // Telegram refused the token: every call would fail the same way. Unreachable: stay on, ask again later.
  if (first.reached && (first.status === 401 || first.status === 404)) {
    const answer = `${first.status} ${first.body.description ?? ''}`.trim();
    return offChannel({ key: 'reason.refused', params: { a: 'TELEGRAM_BOT_TOKEN', service: 'Bot API', answer } });
  }

  const sendText = async (chatId: string, text: string) =>
    telegramOutcome(await call('sendMessage', { chat_id: chatId, text: text.slice(0, TELEGRAM_MESSAGE_LIMIT) }));

  return {
    name: 'telegram',
    state: onState('telegram'),
    get botUsername() {
      if (!botUsername && !pending && Date.now() - lastGetMe > GET_ME_RETRY_MS) void refreshBotUsername();
      return botUsername;
    },
    webhookSecret,
    async send(to, message) {
      // TELEGRAM_PAID_BROADCAST: a janaza notice may go faster than the free 30 a second, billed in Stars.
      const paid: { allow_paid_broadcast?: true } =
        config.pace.telegramPaidBroadcast && message.kind === 'janaza' ? { allow_paid_broadcast: true } : {};
      try {
        if (message.imageId) {
          const fields = { chat_id: to.address, caption: telegramText(message, TELEGRAM_CAPTION_LIMIT), ...paid };
          const answer = await photos.send(message.imageId, fields, call, callForm);
          if (answer) return telegramOutcome(answer);
          // The photo cannot go (refused by Telegram, or gone): the notice is what matters, and goes as text.
        }
        return telegramOutcome(
          await call('sendMessage', {
            chat_id: to.address,
            text: telegramText(message, TELEGRAM_MESSAGE_LIMIT),
            ...paid,
          }),
        );
      } catch (error) {
        return { ok: false, kind: 'permanent', error: `could not send: ${String(error)}` };
      }
    },
    sendText,
    registerWebhook: async (url) =>
      telegramOutcome(
        await call('setWebhook', {
          url,
          secret_token: webhookSecret,
          allowed_updates: UPDATES,
        }),
      ),
    async getUpdates({ offset, timeoutSeconds, limit = 100, signal }) {
      const answer = await call(
        'getUpdates',
        { ...(offset === undefined ? {} : { offset }), timeout: timeoutSeconds, limit, allowed_updates: UPDATES },
        (timeoutSeconds + 10) * 1000,
        signal,
      );
      if (!answer.reached) return { ok: false, status: null, error: answer.error };
      if (answer.status === 200 && answer.body.ok && Array.isArray(answer.body.result))
        return { ok: true, updates: answer.body.result as { update_id: number }[] };
      return {
        ok: false,
        status: answer.status,
        error: `${answer.body.error_code ?? answer.status} ${answer.body.description ?? ''}`.trim(),
      };
    },
    deleteWebhook: async () => telegramOutcome(await call('deleteWebhook', { drop_pending_updates: false })),
    refreshBotUsername,
    close: async () => {},
  };
}
