import ipaddr from 'ipaddr.js';
import sharp from 'sharp';
import { type PeerRequest, startHttpPeer } from './http-peer';
import { newPaceRecord, type PaceRecord, retryAfterSeconds, SlidingWindow, sleep } from './pace';

/**
 * Pacing as Telegram documents it (opt-in: `startTelegramApi({ ..., pace: {} })`).
 *
 * Bots FAQ, "My bot is hitting limits, how do I avoid this?" (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this):
 * in a single chat, avoid sending more than one message per second; for bulk notifications to
 * multiple users the API will not allow more than about 30 messages per second; beyond that the API
 * answers 429 with `parameters.retry_after` (the seconds to wait, https://core.telegram.org/bots/api#responseparameters).
 * The FAQ and the Bot API's `allow_paid_broadcast` parameter (sendMessage, sendPhoto, ...:
 * "Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1
 * Telegram Stars per message. The relevant Stars will be withdrawn from the bot's balance",
 * https://core.telegram.org/bots/api#sendmessage) lift the 30 a second to 1000; Telegram bills only
 * the messages that went beyond the free limit (TransactionPartnerTelegramApi.request_count: "the
 * number of successful requests that exceeded regular limits and were therefore billed").
 */
export interface TelegramPace {
  /** Accepted sendMessage/sendPhoto a second per bot, in any sliding second (default 30). */
  perSecond?: number;
  /** Accepted sends a second to one chat (default 1). */
  perChatPerSecond?: number;
  /** With allow_paid_broadcast: true, the rate per bot instead (default 1000). */
  paidPerSecond?: number;
  /** Every call is answered after this long (default 60 ms, what the issue measured). */
  latencyMs?: number;
  /** The peer's clock in ms (default Date.now); a test may hold it still or move it. */
  clock?: () => number;
}

export interface TelegramPaceRecord extends PaceRecord {
  /** Of `refusedForPace`, refused for the bot's rate and for one chat's. */
  refusedPerBot: number;
  refusedPerChat: number;
  /** Accepted sends that asked for allow_paid_broadcast. */
  paidBroadcasts: number;
  /** Of those, the ones beyond the free rate, which Telegram bills (0.1 Star each). */
  billedBroadcasts: number;
  starsSpent: number;
}

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
  /** the file_id or URL it was sent by; for an upload, the file_id Telegram gave it */
  photo?: string;
  /** sendPhoto with the photo uploaded (multipart): its size in bytes */
  uploadedBytes?: number;
  parse_mode?: string;
}

export interface TelegramApi {
  /** Use as TELEGRAM_API_URL. */
  url: string;
  token: string;
  username: string;
  calls: TelegramCall[];
  sent: TelegramSent[];
  /** Accepted sends and refusals for pace (kept with or without `pace`). */
  pace: TelegramPaceRecord;
  /** What setWebhook recorded; null before. */
  webhook: { url: string; secret: string | null; allowedUpdates: string[] | null } | null;
  /**
   * Where Telegram's call to a webhook on `host` (the https host, with its port unless 443) arrives:
   * a local http origin, standing for the TLS-terminating proxy a deployment puts in front of the server.
   */
  routeWebhookHost(host: string, localOrigin: string): void;
  /** The user blocked the bot: sends to this chat answer 403. */
  block(chatId: string | number): void;
  /** No such chat: sends answer 400 'chat not found'. */
  forget(chatId: string | number): void;
  /** The next n calls answer 429 with parameters.retry_after. */
  rateLimit(n: number, retryAfterSeconds?: number): void;
  /** The next n calls answer 500 (or the given 5xx). */
  failNext(n: number, status?: number): void;
  /** From now on every photo uploaded is refused as one Telegram cannot process (400 IMAGE_PROCESS_FAILED), or not. */
  refusePhotos(refuse: boolean): void;
  /** From now on sends are taken (recorded in `sent`) at once but answered only after `ms`. */
  answerSlowly(ms: number): void;
  /**
   * The bot's token is revoked (BotFather's /revoke) or back: while revoked, every call with it answers
   * 401 Unauthorized, as the Bot API answers a token it does not know
   * (https://core.telegram.org/bots/api#making-requests: "ok" false with "error_code" and "description").
   */
  revokeToken(revoked: boolean): void;
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

/**
 * setWebhook's refusals (https://core.telegram.org/bots/api#setwebhook: an HTTPS URL; "Ports currently
 * supported for webhooks: 443, 80, 88, 8443"), worded as the Bot API answers them.
 */
const WEBHOOK_PORTS = new Set(['443', '80', '88', '8443']);
function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Bad Request: bad webhook: Failed to resolve host: Name or service not known';
  }
  if (parsed.protocol !== 'https:') return 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook';
  if (!WEBHOOK_PORTS.has(parsed.port || '443')) {
    return 'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443';
  }
  return null;
}

/**
 * Telegram's servers fetch a photo given by URL from the Internet: never from a loopback, private or link-local
 * address (a server on one is what a polling deployment behind NAT has). Such a URL is refused as Telegram
 * refuses a URL it cannot get.
 */
function unreachableFromTelegram(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() !== 'unicast';
}

/**
 * sendPhoto's limits (https://core.telegram.org/bots/api#sendphoto): "The photo must be at most 10 MB in size.
 * The photo's width and height must not exceed 10000 in total. Width and height ratio must be at most 20."
 * Read with sharp, not with the server's own image code: its size when Telegram takes it, else the answer.
 */
async function photoRefusal(
  bytes: Buffer,
): Promise<{ status: number; description: string } | { width: number; height: number }> {
  if (bytes.length > 10 * 1024 * 1024) return { status: 413, description: 'Request Entity Too Large' };
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(bytes).metadata());
  } catch {
    return { status: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' };
  }
  if (!width || !height) return { status: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' };
  if (width + height > 10_000 || Math.max(width / height, height / width) > 20)
    return { status: 400, description: 'Bad Request: PHOTO_INVALID_DIMENSIONS' };
  return { width, height };
}

const fail = (status: number, description: string, parameters?: Record<string, unknown>) => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});

/** A fake Telegram Bot API over HTTP at `${url}/bot<token>/<method>`, JSON or form bodies, as Telegram answers. */
export async function startTelegramApi({
  token,
  username = 'ummah_test_bot',
  port = 0,
  pace,
  record = true,
}: {
  token: string;
  username?: string;
  port?: number;
  /** Refuse what Telegram would refuse for pace (see TelegramPace); without it every send is taken at once. */
  pace?: TelegramPace;
  /** Keep every call in `calls` and every message in `sent` (default true; a bench reads `pace` only). */
  record?: boolean;
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
  let revoked = false;
  let refusingPhotos = false;
  /** The file_ids this bot's uploads were given: a photo may be sent again by one of them. */
  const fileIds = new Set<string>();
  let nextFileId = 1;
  const botId = Number(token.split(':')[0]) || 123456;
  /** Updates not yet confirmed by a getUpdates offset, with who waits for their confirmation. */
  const queue: { update: { update_id: number }; confirmed: () => void }[] = [];
  /** The getUpdates call waiting for an update (one at a time, as Telegram allows). */
  let conflicts = 0;
  let poller: { wake: (answer?: ReturnType<typeof fail>) => void } | null = null;
  const perSecond = pace?.perSecond ?? 30;
  const paidPerSecond = pace?.paidPerSecond ?? 1000;
  const latencyMs = pace ? (pace.latencyMs ?? 60) : 0;
  const clock = pace?.clock ?? Date.now;
  /** Every accepted send (free and paid): the free rate and the paid rate are both counted over it. */
  const botWindow = new SlidingWindow(Math.max(perSecond, paidPerSecond));
  const chatWindows = new Map<string, SlidingWindow>();
  const webhookRoutes = new Map<string, string>();
  const paceRecord: TelegramPaceRecord = {
    ...newPaceRecord(),
    refusedPerBot: 0,
    refusedPerChat: 0,
    paidBroadcasts: 0,
    billedBroadcasts: 0,
    starsSpent: 0,
  };

  const api: Omit<TelegramApi, 'url' | 'close'> = {
    token,
    username,
    calls: [],
    sent: [],
    pace: paceRecord,
    webhook: null,
    routeWebhookHost(host, localOrigin) {
      webhookRoutes.set(host, localOrigin);
    },
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
    refusePhotos(refuse) {
      refusingPhotos = refuse;
    },
    answerSlowly(ms) {
      answerDelayMs = ms;
    },
    revokeToken(value) {
      revoked = value;
    },
    get conflicts() {
      return conflicts;
    },
    get pendingUpdates() {
      return queue.length;
    },
    async deliverUpdate(update, options = {}) {
      if (!api.webhook) {
        const { waitMs = 120_000 } = options;
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
      const hook = new URL(api.webhook.url);
      const origin = webhookRoutes.get(hook.host);
      if (!origin) throw new Error(`Telegram peer: no route to the webhook's host ${hook.host} (routeWebhookHost)`);
      const response = await fetch(`${origin}${hook.pathname}${hook.search}`, {
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

  const paid = (p: Record<string, unknown>) => p.allow_paid_broadcast === true || p.allow_paid_broadcast === 'true';

  /** The 429 Telegram answers when this send would go over the bot's or the chat's rate; null when it may go. */
  function paceRefusal(chatId: string, paidBroadcast: boolean): ReturnType<typeof fail> | null {
    const now = clock();
    const chatWait = chatWindows.get(chatId)?.waitMs(now) ?? 0;
    const botWait = botWindow.waitMs(now, paidBroadcast ? paidPerSecond : perSecond);
    if (chatWait === 0 && botWait === 0) return null;
    paceRecord.refusedForPace++;
    if (chatWait > 0) paceRecord.refusedPerChat++;
    else paceRecord.refusedPerBot++;
    const seconds = retryAfterSeconds(Math.max(chatWait, botWait));
    return fail(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds });
  }

  function accept(chatId: string, paidBroadcast: boolean, what: string): void {
    const now = clock();
    if (paidBroadcast) {
      paceRecord.paidBroadcasts++;
      // Billed only when the free rate alone would have refused it.
      if (botWindow.waitMs(now, perSecond) > 0) {
        paceRecord.billedBroadcasts++;
        paceRecord.starsSpent = paceRecord.billedBroadcasts / 10;
      }
    }
    botWindow.take(now);
    let chat = chatWindows.get(chatId);
    if (!chat) {
      chat = new SlidingWindow(pace?.perChatPerSecond ?? 1);
      chatWindows.set(chatId, chat);
    }
    chat.take(now);
    paceRecord.accepted++;
    paceRecord.sends.push({ at: now, to: chatId, what });
  }

  /** What a sendPhoto's photo is: an upload read (its size), a file_id or URL Telegram has, or the refusal. */
  async function photoOf(
    p: Record<string, unknown>,
    files: PeerRequest['files'],
  ): Promise<{ refusal: ReturnType<typeof fail> } | { photo: string; width: number; height: number; bytes?: number }> {
    const upload = files.photo;
    if (upload) {
      if (refusingPhotos) return { refusal: fail(400, 'Bad Request: IMAGE_PROCESS_FAILED') };
      const read = await photoRefusal(upload.bytes);
      if ('status' in read) return { refusal: fail(read.status, read.description) };
      return { photo: `AgACAgUAAxk-${nextFileId++}`, ...read, bytes: upload.bytes.length };
    }
    const given = typeof p.photo === 'string' ? p.photo : '';
    if (!given) return { refusal: fail(400, 'Bad Request: there is no photo in the request') };
    if (/^https?:\/\//i.test(given)) {
      if (unreachableFromTelegram(new URL(given)))
        return { refusal: fail(400, 'Bad Request: failed to get HTTP URL content') };
      return { photo: given, width: 640, height: 480 };
    }
    if (!fileIds.has(given)) return { refusal: fail(400, 'Bad Request: wrong file identifier/HTTP URL specified') };
    return { photo: given, width: 640, height: 480 };
  }

  async function sendTo(method: 'sendMessage' | 'sendPhoto', p: Record<string, unknown>, files: PeerRequest['files']) {
    const chatId = p.chat_id === undefined || p.chat_id === '' ? '' : String(p.chat_id);
    if (!chatId) return fail(400, 'Bad Request: chat_id is empty');
    if (blocked.has(chatId)) return fail(403, 'Forbidden: bot was blocked by the user');
    if (unknown.has(chatId)) return fail(400, 'Bad Request: chat not found');
    const text = typeof p.text === 'string' ? p.text : undefined;
    const caption = typeof p.caption === 'string' ? p.caption : undefined;
    let photo: Exclude<Awaited<ReturnType<typeof photoOf>>, { refusal: unknown }> | undefined;
    if (method === 'sendMessage') {
      if (!text) return fail(400, 'Bad Request: message text is empty');
      if (text.length > MESSAGE_LIMIT) return fail(400, 'Bad Request: message is too long');
    } else {
      if (caption && caption.length > CAPTION_LIMIT) return fail(400, 'Bad Request: message caption is too long');
      const read = await photoOf(p, files);
      if ('refusal' in read) return read.refusal;
      photo = read;
    }
    const parseMode = typeof p.parse_mode === 'string' ? p.parse_mode : undefined;
    if (pace) {
      const refusal = paceRefusal(chatId, paid(p));
      if (refusal) return refusal;
    }
    accept(chatId, paid(p), (text ?? caption ?? '').slice(0, 200));
    // Telegram keeps an upload and names it by file_id, its smaller size by another
    const sizes = photo && [
      { file_id: `${photo.photo}-s`, width: 90, height: 90 },
      { file_id: photo.photo, width: photo.width, height: photo.height },
    ];
    if (photo?.bytes !== undefined) for (const size of sizes ?? []) fileIds.add(size.file_id);
    if (record)
      api.sent.push({
        method,
        chat_id: chatId,
        text,
        caption,
        photo: photo?.photo,
        ...(photo?.bytes !== undefined && { uploadedBytes: photo.bytes }),
        parse_mode: parseMode,
      });
    return {
      status: 200,
      body: {
        ok: true,
        result: {
          message_id: nextMessageId++,
          from: { id: botId, is_bot: true, first_name: 'Ummah', username },
          chat: { id: Number(chatId), type: 'private' },
          date: Math.floor(Date.now() / 1000),
          ...(method === 'sendMessage' ? { text } : { caption, photo: sizes }),
        },
      },
    };
  }

  const handle = async (req: PeerRequest) => {
    const match = req.path.match(/^\/bot([^/]+)\/(\w+)$/);
    if (!match) return fail(404, 'Not Found');
    const [, givenToken, method] = match;
    if (givenToken !== token || revoked) return fail(401, 'Unauthorized');
    const params: Record<string, unknown> = { ...Object.fromEntries(req.query), ...req.body };
    if (record) api.calls.push({ method, params });
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
        const urlProblem = webhookUrlProblem(url);
        if (urlProblem) return fail(400, urlProblem);
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
        const answer = await sendTo(method, params, req.files);
        if (answerDelayMs > 0) await new Promise((r) => setTimeout(r, answerDelayMs));
        return answer;
      }
      default:
        return fail(404, 'Not Found: method not found');
    }
  };
  const peer = await startHttpPeer(async (req) => {
    const answer = await handle(req);
    if (latencyMs > 0) await sleep(latencyMs);
    return answer;
  }, port);
  return Object.assign(api, {
    url: peer.url,
    close: async () => {
      poller?.wake();
      await peer.close();
    },
  });
}
