import { startHttpPeer } from './http-peer';

/** A call that reached the fake Bot API with the right token. */
export interface TelegramCall {
  method: string;
  params: Record<string, unknown>;
}

/** A message the bot sent (sendMessage or sendPhoto). */
export interface TelegramSent {
  method: 'sendMessage' | 'sendPhoto';
  chat_id: string;
  text?: string;
  caption?: string;
  photo?: string;
  parse_mode?: string;
}

export interface TelegramApi {
  /** Use as TELEGRAM_API_URL. */
  url: string;
  token: string;
  username: string;
  calls: TelegramCall[];
  sent: TelegramSent[];
  /** What setWebhook recorded; null before. */
  webhook: { url: string; secret: string | null; allowedUpdates: string[] | null } | null;
  /** The user blocked the bot: sends to this chat answer 403. */
  block(chatId: string | number): void;
  /** No such chat: sends answer 400 'chat not found'. */
  forget(chatId: string | number): void;
  /** The next n calls answer 429 with parameters.retry_after. */
  rateLimit(n: number, retryAfterSeconds?: number): void;
  /** The next n calls answer 500 (or the given 5xx). */
  failNext(n: number, status?: number): void;
  /** From now on sends are taken (recorded in `sent`) at once but answered only after `ms`. */
  answerSlowly(ms: number): void;
  /**
   * POSTs an update to the registered webhook with Telegram's secret header; the status of the answer.
   * Without a webhook the update waits for getUpdates, as Telegram keeps it: 200 once a poller has
   * confirmed it (called getUpdates with a higher offset, that is, after handling it).
   */
  deliverUpdate(update: unknown, options?: { secret?: string | null; waitMs?: number }): Promise<number>;
  /** getUpdates calls ended by another getUpdates call (409): two pollers at once. */
  readonly conflicts: number;
  /** Updates waiting for getUpdates (not yet confirmed). */
  readonly pendingUpdates: number;
  /** A standard private-chat text message update (bot commands get their entity). */
  messageUpdate(chatId: string | number, text: string, from?: { first_name?: string; username?: string }): unknown;
  /** The bot's membership changed in a private chat ('kicked' = blocked, 'member' = unblocked). */
  chatMemberUpdate(chatId: string | number, status: 'kicked' | 'member'): unknown;
  close(): Promise<void>;
}

const MESSAGE_LIMIT = 4096;
const CAPTION_LIMIT = 1024;

const fail = (status: number, description: string, parameters?: Record<string, unknown>) => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});

/** A fake Telegram Bot API over HTTP at `${url}/bot<token>/<method>`, JSON or form bodies, as Telegram answers. */
export async function startTelegramApi({
  token,
  username = 'ummah_test_bot',
  port = 0,
}: {
  token: string;
  username?: string;
  port?: number;
}): Promise<TelegramApi> {
  const blocked = new Set<string>();
  const unknown = new Set<string>();
  let limited = 0;
  let retryAfter = 3;
  let failing = 0;
  let failStatus = 500;
  let nextMessageId = 1;
  let nextUpdateId = 1000;
  let answerDelayMs = 0;
  const botId = Number(token.split(':')[0]) || 123456;
  /** Updates not yet confirmed by a getUpdates offset, with who waits for their confirmation. */
  const queue: { update: { update_id: number }; confirmed: () => void }[] = [];
  /** The getUpdates call waiting for an update (one at a time, as Telegram allows). */
  let conflicts = 0;
  let poller: { wake: (answer?: ReturnType<typeof fail>) => void } | null = null;

  const api: Omit<TelegramApi, 'url' | 'close'> = {
    token,
    username,
    calls: [],
    sent: [],
    webhook: null,
    block: (chatId) => blocked.add(String(chatId)),
    forget: (chatId) => unknown.add(String(chatId)),
    rateLimit(n, seconds = 3) {
      limited = n;
      retryAfter = seconds;
    },
    failNext(n, status = 500) {
      failing = n;
      failStatus = status;
    },
    answerSlowly(ms) {
      answerDelayMs = ms;
    },
    get conflicts() {
      return conflicts;
    },
    get pendingUpdates() {
      return queue.length;
    },
    async deliverUpdate(update, options = {}) {
      if (!api.webhook) {
        const { waitMs = 30_000 } = options;
        return new Promise<number>((resolve, reject) => {
          const timer = setTimeout(
            () =>
              reject(new Error(`Telegram peer: no webhook, and no getUpdates confirmed the update in ${waitMs} ms`)),
            waitMs,
          );
          queue.push({
            update: update as { update_id: number },
            confirmed: () => {
              clearTimeout(timer);
              resolve(200);
            },
          });
          poller?.wake();
        });
      }
      const secret = options.secret === undefined ? api.webhook.secret : options.secret;
      const response = await fetch(api.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
        },
        body: JSON.stringify(update),
      });
      await response.arrayBuffer();
      return response.status;
    },
    messageUpdate(chatId, text, from = {}) {
      const id = Number(chatId);
      const command = text.match(/^\/\w+/);
      return {
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          from: {
            id,
            is_bot: false,
            first_name: from.first_name ?? 'Aisha',
            username: from.username,
            language_code: 'en',
          },
          chat: { id, type: 'private', first_name: from.first_name ?? 'Aisha' },
          date: Math.floor(Date.now() / 1000),
          text,
          ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
        },
      };
    },
    chatMemberUpdate(chatId, status) {
      const id = Number(chatId);
      const user = { id, is_bot: false, first_name: 'Aisha' };
      const bot = { id: botId, is_bot: true, first_name: 'Ummah', username };
      return {
        update_id: nextUpdateId++,
        my_chat_member: {
          chat: { id, type: 'private', first_name: 'Aisha' },
          from: user,
          date: Math.floor(Date.now() / 1000),
          old_chat_member: { user: bot, status: status === 'kicked' ? 'member' : 'kicked' },
          new_chat_member: { user: bot, status, ...(status === 'kicked' ? { until_date: 0 } : {}) },
        },
      };
    },
  };

  function sendTo(method: 'sendMessage' | 'sendPhoto', p: Record<string, unknown>) {
    const chatId = p.chat_id === undefined || p.chat_id === '' ? '' : String(p.chat_id);
    if (!chatId) return fail(400, 'Bad Request: chat_id is empty');
    if (blocked.has(chatId)) return fail(403, 'Forbidden: bot was blocked by the user');
    if (unknown.has(chatId)) return fail(400, 'Bad Request: chat not found');
    const text = typeof p.text === 'string' ? p.text : undefined;
    const caption = typeof p.caption === 'string' ? p.caption : undefined;
    const photo = typeof p.photo === 'string' ? p.photo : undefined;
    if (method === 'sendMessage') {
      if (!text) return fail(400, 'Bad Request: message text is empty');
      if (text.length > MESSAGE_LIMIT) return fail(400, 'Bad Request: message is too long');
    } else {
      if (!photo) return fail(400, 'Bad Request: there is no photo in the request');
      if (caption && caption.length > CAPTION_LIMIT) return fail(400, 'Bad Request: message caption is too long');
    }
    const parseMode = typeof p.parse_mode === 'string' ? p.parse_mode : undefined;
    api.sent.push({ method, chat_id: chatId, text, caption, photo, parse_mode: parseMode });
    return {
      status: 200,
      body: {
        ok: true,
        result: {
          message_id: nextMessageId++,
          from: { id: botId, is_bot: true, first_name: 'Ummah', username },
          chat: { id: Number(chatId), type: 'private' },
          date: Math.floor(Date.now() / 1000),
          ...(method === 'sendMessage'
            ? { text }
            : { caption, photo: [{ file_id: 'photo-1', width: 640, height: 480 }] }),
        },
      },
    };
  }

  const peer = await startHttpPeer(async (req) => {
    const match = req.path.match(/^\/bot([^/]+)\/(\w+)$/);
    if (!match) return fail(404, 'Not Found');
    const [, givenToken, method] = match;
    if (givenToken !== token) return fail(401, 'Unauthorized');
    const params: Record<string, unknown> = { ...Object.fromEntries(req.query), ...req.body };
    api.calls.push({ method, params });
    if (limited > 0) {
      limited--;
      return fail(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
    }
    if (failing > 0) {
      failing--;
      return fail(failStatus, 'Internal Server Error');
    }
    switch (method) {
      case 'getMe':
        return {
          status: 200,
          body: {
            ok: true,
            result: { id: botId, is_bot: true, first_name: 'Ummah', username, can_join_groups: true },
          },
        };
      case 'setWebhook': {
        const url = typeof params.url === 'string' ? params.url : '';
        if (!url) {
          api.webhook = null;
          return { status: 200, body: { ok: true, result: true, description: 'Webhook was deleted' } };
        }
        const secret = typeof params.secret_token === 'string' ? params.secret_token : null;
        if (secret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
          return fail(400, 'Bad Request: secret token contains unallowed characters');
        }
        const allowed = params.allowed_updates;
        const allowedUpdates = Array.isArray(allowed)
          ? allowed.map(String)
          : typeof allowed === 'string'
            ? (JSON.parse(allowed) as string[])
            : null;
        api.webhook = { url, secret, allowedUpdates };
        return { status: 200, body: { ok: true, result: true, description: 'Webhook was set' } };
      }
      case 'deleteWebhook':
        api.webhook = null;
        return { status: 200, body: { ok: true, result: true, description: 'Webhook was deleted' } };
      case 'getUpdates': {
        if (api.webhook) {
          return fail(
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        }
        const offset = Number(params.offset ?? 0);
        const limit = Math.min(100, Math.max(1, Number(params.limit ?? 100)));
        const timeout = Math.max(0, Number(params.timeout ?? 0));
        // An offset confirms every update before it.
        while (queue.length > 0 && offset > 0 && (queue[0]?.update.update_id ?? 0) < offset) queue.shift()?.confirmed();
        // A second poller ends the first one's wait, as Telegram does.
        if (poller) conflicts++;
        poller?.wake(
          fail(
            409,
            'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
          ),
        );
        if (queue.length === 0 && timeout > 0) {
          const ended = await new Promise<ReturnType<typeof fail> | undefined>((resolve) => {
            const timer = setTimeout(() => done(), timeout * 1000);
            const me = {
              wake: (answer?: ReturnType<typeof fail>) => done(answer),
            };
            function done(answer?: ReturnType<typeof fail>) {
              clearTimeout(timer);
              if (poller === me) poller = null;
              resolve(answer);
            }
            poller = me;
          });
          if (ended) return ended;
        }
        return { status: 200, body: { ok: true, result: queue.slice(0, limit).map((q) => q.update) } };
      }
      case 'sendMessage':
      case 'sendPhoto': {
        const answer = sendTo(method, params);
        if (answerDelayMs > 0) await new Promise((r) => setTimeout(r, answerDelayMs));
        return answer;
      }
      default:
        return fail(404, 'Not Found: method not found');
    }
  }, port);
  return Object.assign(api, {
    url: peer.url,
    close: async () => {
      poller?.wake();
      await peer.close();
    },
  });
}
