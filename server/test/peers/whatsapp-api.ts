import { createHmac, randomBytes } from 'node:crypto';
import { TEMPLATE_DEFINITIONS, type TemplateKind } from '../../src/delivery/channels/whatsapp-templates';
import { type PeerRequest, startHttpPeer } from './http-peer';
import { newPaceRecord, type PaceRecord, SlidingWindow, sleep } from './pace';
import { type StatusReports, statusReports, webhookNotification } from './whatsapp-statuses';

/**
 * Pacing as Meta documents it for the Cloud API (opt-in: `startWhatsAppApi({ ..., pace: {} })`).
 *
 * - Throughput (https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput):
 *   "For each registered business phone number, Cloud API supports up to 80 messages per second
 *   (mps) by default, and up to 1,000 mps by automatic upgrade. [...] If you attempt to send more
 *   messages than your current throughput level allows, the API will return error code 130429".
 * - Pair rate (same page, and the error-codes page): too many messages from the business number to
 *   one WhatsApp user in a short time give 131056 "(Business Account, Consumer Account) pair rate
 *   limit hit"; Meta puts it at about 1 message every 6 seconds to the same user (`pairSeconds`).
 * - Messaging limit (https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits):
 *   "the maximum number of unique WhatsApp user phone numbers your business can deliver messages to,
 *   outside of a customer service window, within a moving 24-hour period": 250, 2,000, 10,000,
 *   100,000 or unlimited. Messages inside a customer service window (the person wrote in the last
 *   24 hours) do not count, nor does a second message to someone already reached in the window.
 *   Meta documents no dedicated synchronous error for it. The peer answers 131048 "Spam rate limit
 *   hit" (400): of the documented codes it is the only one whose description is a cap on how many
 *   messages the number may send ("there are restrictions on how many messages can be sent from this
 *   phone number"), where 130429 is the per-second throughput, 131056 one recipient's rate, and
 *   4 / 80007 the app's and the account's API-call rates. Its `error_data.details` says that the
 *   messaging limit was reached, so a client can tell it from a quality restriction.
 * - HTTP status: the error-codes page (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes)
 *   lists these throttling errors, 130429, 131048 and 131056, with "400 Bad Request", not 429; a
 *   client classifies them by `error.code` (as Meta recommends: "build your app's error handling
 *   logic around code values and details payload properties").
 */
export interface WhatsAppPace {
  /** Accepted messages a second for the phone number, in any sliding second (default 80). */
  perSecond?: number;
  /** Seconds between two accepted messages to the same recipient (default 6). */
  pairSeconds?: number;
  /** Unique recipients reached outside a service window in a moving 24 h; null (default): unlimited. */
  dailyLimit?: number | null;
  /** Every message call is answered after this long (default 0). */
  latencyMs?: number;
  /** The peer's clock in ms (default Date.now); a test may hold it still or move it. */
  clock?: () => number;
}

export interface WhatsAppPaceRecord extends PaceRecord {
  /** Of `refusedForPace`: 130429, 131056 and the daily messaging limit (131048). */
  refusedThroughput: number;
  refusedPair: number;
  refusedDailyLimit: number;
  /** Unique recipients reached outside a service window in the last 24 hours. */
  readonly reachedToday: number;
}

/**
 * The `whatsapp_business_manager_messaging_limit` value for a limit: Meta's tiers are TIER_250,
 * TIER_2K, TIER_10K, TIER_100K and TIER_UNLIMITED (the Graph schema also has UNTIERED). A limit
 * between tiers is reported as the tier below it (what an engine reading the field may safely use);
 * a limit under 250, which Meta never sets, still reads TIER_250.
 */
export function messagingLimitTier(dailyLimit: number | null): string {
  if (dailyLimit === null) return 'TIER_UNLIMITED';
  if (dailyLimit >= 100_000) return 'TIER_100K';
  if (dailyLimit >= 10_000) return 'TIER_10K';
  if (dailyLimit >= 2_000) return 'TIER_2K';
  return 'TIER_250';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A message the business sent through the fake Cloud API. */
export interface WhatsAppSent {
  /** as given in the request (the Cloud API takes digits in international form, no '+') */
  to: string;
  type: 'text' | 'template';
  /** text.body for text messages; for templates, the approved body with its parameters filled in */
  body?: string;
  template?: { name: string; language: string; components?: unknown };
  id: string;
}

/** A template the fake business account has had approved: its body has {{1}}..{{n}}. */
export interface ApprovedTemplate {
  name: string;
  /** Meta's language code: en, ta, en_US, ... */
  language: string;
  body: string;
  /** An authentication template also has a copy-code button whose URL parameter is the code. */
  category?: 'UTILITY' | 'AUTHENTICATION';
  /** Its time-to-live as set (message_send_ttl_seconds); absent: Meta's default (30 days for utility). */
  ttlSeconds?: number;
}

/**
 * The templates README "WhatsApp templates" tells the mosque to create, approved under the given names
 * (default: the configuration's defaults) in English and Tamil.
 */
export function readmeTemplates(
  names: Record<TemplateKind, string> = {
    janaza: 'ummahnotify_janaza',
    events: 'ummahnotify_event',
    correction: 'ummahnotify_correction',
    cancellation: 'ummahnotify_cancellation',
    eventCancellation: 'ummahnotify_event_cancellation',
    code: 'ummahnotify_code',
  },
  languages: { en: string; ta: string } = { en: 'en', ta: 'ta' },
): ApprovedTemplate[] {
  return TEMPLATE_DEFINITIONS.flatMap((d) =>
    (['en', 'ta'] as const).map((l) => ({
      name: names[d.kind],
      language: languages[l],
      body: d.body[l],
      category: d.category,
    })),
  );
}

/** How long after a person's last message to the business free-form messages may be sent to them. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface WhatsAppApi {
  /** Use as WHATSAPP_API_URL. */
  url: string;
  sent: WhatsAppSent[];
  /** Accepted messages and refusals for pace (kept with or without `pace`). */
  pace: WhatsAppPaceRecord;
  /** Every request body that reached /<phoneId>/messages with the right token. */
  requests: Record<string, unknown>[];
  /** The person wrote to the business `agoMs` ago (0: now), opening the 24-hour window for free-form text. */
  wroteIn(phone: string, agoMs?: number): void;
  /** The user stopped marketing messages from the business: error 131050. */
  optedOut(phone: string): void;
  /** The number cannot receive the message (not on WhatsApp, ...): error 131026. */
  undeliverable(phone: string): void;
  /**
   * Meta pauses the template (quality too low) from now on: every message with it is refused with 132015
   * "Template is Paused" (error-codes page), until `unpauseTemplate`.
   */
  pauseTemplate(name: string): void;
  /**
   * Meta moves the number to another messaging limit (it raises it on its own as quality allows: "Messaging limits",
   * https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits): the daily limit
   * it refuses by and the tier the phone number's fields answer change from now on.
   */
  setMessagingLimit(dailyLimit: number | null): void;
  unpauseTemplate(name: string): void;
  /** Signed status webhooks after each accepted message, opt-in (whatsapp-statuses.ts). */
  statuses: StatusReports;
  /**
   * The next n calls answer the throughput refusal as Meta sends it: HTTP 400 with error code 130429 (the
   * error-codes page lists the throttling errors with "400 Bad Request", not 429).
   */
  rateLimit(n: number): void;
  /** The next n calls answer 500 (or the given 5xx). */
  failNext(n: number, status?: number): void;
  /** X-Hub-Signature-256 of a raw body, as Meta computes it. */
  sign(rawBody: string | Buffer, secret?: string): string;
  /** POSTs a webhook payload signed like Meta (X-Hub-Signature-256); the answer's status and text. */
  postWebhook(
    url: string,
    payload: unknown,
    options?: { signature?: string | null },
  ): Promise<{ status: number; text: string }>;
  /** GET verification handshake (hub.mode=subscribe) as Meta does when a webhook URL is set. */
  verifyWebhook(url: string, verifyToken: string, challenge?: string): Promise<{ status: number; text: string }>;
  /** The standard inbound text message payload (entry[].changes[].value.messages[]). */
  webhookMessage(from: string, text: string): unknown;
  close(): Promise<void>;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/** Graph API error shape. */
const graphError = (status: number, code: number, message: string, type = 'OAuthException', details = message) => ({
  status,
  body: {
    error: {
      message,
      type,
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  },
});

/** The standard Cloud API inbound message notification; `from` is digits without '+'. */
export function whatsappInboundMessage(from: string, text: string, phoneId = '100000000000001'): unknown {
  const wa = digits(from);
  return webhookNotification(phoneId, {
    contacts: [{ profile: { name: 'Aisha' }, wa_id: wa }],
    messages: [
      {
        from: wa,
        id: `wamid.${randomBytes(12).toString('hex')}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ],
  });
}

/** The senders (digits) of the inbound messages in a webhook payload. */
function inboundSenders(payload: unknown): string[] {
  const entries = (payload as { entry?: { changes?: { value?: { messages?: { from?: unknown }[] } }[] }[] })?.entry;
  return (entries ?? []).flatMap((e) =>
    (e.changes ?? []).flatMap((c) =>
      (c.value?.messages ?? []).map((m) => (typeof m.from === 'string' ? digits(m.from) : '')).filter(Boolean),
    ),
  );
}

interface Component {
  type?: unknown;
  sub_type?: unknown;
  index?: unknown;
  parameters?: { type?: unknown; text?: unknown }[];
}

const paramCountError = (part: string, given: number, expected: number) =>
  graphError(
    400,
    132000,
    `(#132000) Number of parameters does not match the expected number of params: ${part}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
  );

/**
 * Checks a template request's components against the approved template as the Cloud API does, and
 * renders its body: the count of body parameters (132000), their text (no new line or tab, no more
 * than 4 consecutive spaces: 132018), the rendered length (1024: 132005), and for an authentication
 * template the copy-code button's one parameter, the code itself (132000).
 */
function fillTemplate(
  approved: ApprovedTemplate,
  components: unknown,
): { body: string } | { error: ReturnType<typeof graphError> } {
  const list = (Array.isArray(components) ? components : []) as Component[];
  const expected = new Set(approved.body.match(/\{\{\d+\}\}/g) ?? []).size;
  const params = list.find((c) => c.type === 'body')?.parameters ?? [];
  if (params.length !== expected) return { error: paramCountError('body', params.length, expected) };
  const texts: string[] = [];
  for (const p of params) {
    if (p.type !== 'text' || typeof p.text !== 'string' || !p.text) {
      return { error: graphError(400, 131008, '(#131008) Required parameter is missing: parameter text') };
    }
    if (/[\n\t]| {5,}/.test(p.text)) {
      return {
        error: graphError(
          400,
          132018,
          '(#132018) There was an issue with the parameters in your template: Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
        ),
      };
    }
    texts.push(p.text);
  }
  if (approved.category === 'AUTHENTICATION') {
    const button = list.find((c) => c.type === 'button' && c.sub_type === 'url' && String(c.index) === '0');
    const buttonParams = button?.parameters ?? [];
    if (buttonParams.length !== 1) return { error: paramCountError('button', buttonParams.length, 1) };
    if (buttonParams[0]?.text !== texts[0] || String(texts[0]).length > 15) {
      return {
        error: graphError(
          400,
          131008,
          '(#131008) Required parameter is missing: the copy code button must carry the code',
        ),
      };
    }
  }
  const body = approved.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => texts[Number(n) - 1] ?? '');
  if (body.length > 1024) return { error: graphError(400, 132005, '(#132005) Translated text too long') };
  return { body };
}

/** A fake WhatsApp Cloud API: POST `${url}/<phoneId>/messages` with a Bearer token, answering as Graph does. */
export async function startWhatsAppApi({
  token,
  phoneId,
  appSecret = '',
  port = 0,
  templates = [],
  pace,
  record = true,
  businessAccountId = '',
}: {
  token: string;
  phoneId: string;
  /** The WhatsApp Business Account's id: GET /<it>/message_templates lists `templates`. */
  businessAccountId?: string;
  appSecret?: string;
  port?: number;
  /** The approved templates; any other name or language is refused (132001). */
  templates?: ApprovedTemplate[];
  /** Refuse what the Cloud API would refuse for pace (see WhatsAppPace); without it every message is taken. */
  pace?: WhatsAppPace;
  /** Keep every request in `requests` and every message in `sent` (default true; a bench reads `pace` only). */
  record?: boolean;
}): Promise<WhatsAppApi> {
  const opted = new Set<string>();
  /** digits -> when they last wrote to us */
  const lastInbound = new Map<string, number>();
  const dead = new Set<string>();
  const pausedTemplates = new Set<string>();
  let limited = 0;
  let failing = 0;
  let failStatus = 500;
  let dailyLimit = pace?.dailyLimit ?? null;
  const pairMs = (pace?.pairSeconds ?? 6) * 1000;
  const latencyMs = pace?.latencyMs ?? 0;
  const clock = pace?.clock ?? Date.now;
  const numberWindow = new SlidingWindow(pace?.perSecond ?? 80);
  /** digits -> when the last accepted message to them went */
  const lastTo = new Map<string, number>();
  /** digits -> when they were last reached outside a service window (the messaging limit's moving 24 h) */
  const reached = new Map<string, number>();
  const reachedToday = () => {
    const since = clock() - DAY_MS;
    // In the order they were last reached: the expired ones are at the front.
    for (const [to, at] of reached) {
      if (at > since) break;
      reached.delete(to);
    }
    return reached.size;
  };
  const paceRecord: WhatsAppPaceRecord = {
    ...newPaceRecord(),
    refusedThroughput: 0,
    refusedPair: 0,
    refusedDailyLimit: 0,
    get reachedToday() {
      return reachedToday();
    },
  };
  const inServiceWindow = (to: string) => {
    const wrote = lastInbound.get(to);
    return wrote !== undefined && clock() - wrote <= SERVICE_WINDOW_MS;
  };

  /** Over the number's throughput: 400 with 130429, as the error-codes page lists it (not HTTP 429). */
  const throughputRefusal = () =>
    graphError(
      400,
      130429,
      '(#130429) Rate limit hit',
      'OAuthException',
      'Cloud API message throughput has been reached.',
    );

  /** The refusal the Cloud API gives when this message would go over a limit; null when it may go. */
  function paceRefusal(to: string): ReturnType<typeof graphError> | null {
    const now = clock();
    if (numberWindow.waitMs(now) > 0) {
      paceRecord.refusedForPace++;
      paceRecord.refusedThroughput++;
      return throughputRefusal();
    }
    const last = lastTo.get(to);
    if (last !== undefined && now - last < pairMs) {
      paceRecord.refusedForPace++;
      paceRecord.refusedPair++;
      return graphError(
        400,
        131056,
        '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        'OAuthException',
        'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
      );
    }
    if (dailyLimit !== null && !inServiceWindow(to) && !reached.has(to) && reachedToday() >= dailyLimit) {
      paceRecord.refusedForPace++;
      paceRecord.refusedDailyLimit++;
      return graphError(
        400,
        131048,
        '(#131048) Spam rate limit hit',
        'OAuthException',
        `Message failed to send because the business has reached its messaging limit: ${dailyLimit} unique recipients outside a customer service window in a moving 24-hour period.`,
      );
    }
    return null;
  }

  function accept(to: string, what: string): void {
    const now = clock();
    numberWindow.take(now);
    lastTo.set(to, now);
    if (!inServiceWindow(to)) {
      reached.delete(to);
      reached.set(to, now);
    }
    paceRecord.accepted++;
    paceRecord.sends.push({ at: now, to, what });
  }

  const sign = (rawBody: string | Buffer, secret = appSecret) =>
    `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

  const statuses = statusReports(phoneId, (raw) => sign(raw), clock);
  const api: Omit<WhatsAppApi, 'url' | 'close'> = {
    statuses,
    pauseTemplate: (name) => pausedTemplates.add(name),
    setMessagingLimit(limit) {
      dailyLimit = limit;
    },
    unpauseTemplate: (name) => pausedTemplates.delete(name),
    sent: [],
    pace: paceRecord,
    requests: [],
    wroteIn: (phone, agoMs = 0) => lastInbound.set(digits(phone), clock() - agoMs),
    optedOut: (phone) => opted.add(digits(phone)),
    undeliverable: (phone) => dead.add(digits(phone)),
    rateLimit(n) {
      limited = n;
    },
    failNext(n, status = 500) {
      failing = n;
      failStatus = status;
    },
    sign,
    async postWebhook(url, payload, options = {}) {
      const raw = JSON.stringify(payload);
      for (const from of inboundSenders(payload)) lastInbound.set(from, clock());
      const signature = options.signature === undefined ? sign(raw) : options.signature;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
        body: raw,
      });
      return { status: response.status, text: await response.text() };
    },
    async verifyWebhook(url, verifyToken, challenge = String(Math.floor(Math.random() * 1e9))) {
      const target = new URL(url);
      target.searchParams.set('hub.mode', 'subscribe');
      target.searchParams.set('hub.verify_token', verifyToken);
      target.searchParams.set('hub.challenge', challenge);
      const response = await fetch(target);
      return { status: response.status, text: await response.text() };
    },
    webhookMessage: (from, text) => whatsappInboundMessage(from, text, phoneId),
  };

  const handle = (req: PeerRequest) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (req.method === 'GET' && req.path === `/${phoneId}`) return phoneNumberFields(req.query.get('fields'));
    if (req.method === 'GET' && businessAccountId && req.path === `/${businessAccountId}/message_templates`)
      return templateList(req.query.get('fields'), req.query.get('after'));
    if (req.method !== 'POST' || req.path !== `/${phoneId}/messages`) {
      return graphError(
        400,
        100,
        `Unsupported post request. Object with ID '${req.path.split('/')[1] ?? ''}' does not exist`,
        'GraphMethodException',
      );
    }
    const body = req.body;
    if (record) api.requests.push(body);
    if (limited > 0) {
      limited--;
      return throughputRefusal();
    }
    if (failing > 0) {
      failing--;
      return graphError(failStatus, 1, 'An unknown error occurred');
    }
    if (body.messaging_product !== 'whatsapp') {
      return graphError(400, 100, '(#100) The parameter messaging_product is required.');
    }
    const to = typeof body.to === 'string' ? body.to : '';
    if (!/^\+?\d{8,15}$/.test(to)) return graphError(400, 100, '(#100) Invalid parameter: to');
    let sent: WhatsAppSent;
    const id = `wamid.${randomBytes(12).toString('hex')}`;
    if (body.type === 'text') {
      const text = body.text as { body?: unknown } | undefined;
      if (typeof text?.body !== 'string' || !text.body) {
        return graphError(400, 100, '(#100) The parameter text[body] is required.');
      }
      if (text.body.length > 4096)
        return graphError(400, 100, '(#100) Param text[body] must be at most 4096 characters long.');
      const wrote = lastInbound.get(digits(to));
      if (wrote === undefined || clock() - wrote > SERVICE_WINDOW_MS) {
        return graphError(
          400,
          131047,
          '(#131047) Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        );
      }
      sent = { to, type: 'text', body: text.body, id };
    } else if (body.type === 'template') {
      const template = body.template as
        | { name?: unknown; language?: { code?: unknown }; components?: unknown }
        | undefined;
      if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string') {
        return graphError(400, 100, '(#100) The parameter template[name] and template[language][code] are required.');
      }
      const approved = templates.find((t) => t.name === template.name && t.language === template.language?.code);
      if (!approved) {
        return graphError(
          400,
          132001,
          `(#132001) Template name does not exist in the translation: template name (${template.name}) does not exist in ${template.language.code}`,
        );
      }
      if (pausedTemplates.has(template.name)) {
        return graphError(
          400,
          132015,
          '(#132015) Template is Paused',
          'OAuthException',
          'Template is paused due to low quality so it cannot be sent in a template message.',
        );
      }
      const filled = fillTemplate(approved, template.components);
      if ('error' in filled) return filled.error;
      sent = {
        to,
        type: 'template',
        template: { name: template.name, language: template.language.code, components: template.components },
        body: filled.body,
        id,
      };
    } else {
      return graphError(400, 100, '(#100) Param type must be one of {text, template, ...}');
    }
    if (opted.has(digits(to))) {
      return graphError(
        400,
        131050,
        '(#131050) Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
      );
    }
    if (dead.has(digits(to))) return graphError(400, 131026, '(#131026) Message undeliverable');
    if (pace) {
      const refusal = paceRefusal(digits(to));
      if (refusal) return refusal;
    }
    accept(digits(to), sent.template?.name ?? sent.body?.slice(0, 200) ?? '');
    if (record) api.sent.push(sent);
    statuses.accepted(id, to);
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: digits(to) }], messages: [{ id }] },
    };
  };

  /**
   * GET /<phoneId>?fields=...: the fields of the business phone number the peer knows. Meta's
   * "Messaging limits" page, "Via API": request `whatsapp_business_manager_messaging_limit` (v24.0
   * and newer; `messaging_limit_tier` before, now deprecated) on the business phone number; example
   * answer `{"whatsapp_business_manager_messaging_limit": "TIER_250", "id": "106540352242922"}`.
   * `throughput` answers `{ level: 'STANDARD' }` (80 mps) as the throughput page describes.
   */
  function phoneNumberFields(fields: string | null) {
    const answer: Record<string, unknown> = {};
    for (const field of (fields ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean)) {
      if (field === 'whatsapp_business_manager_messaging_limit') answer[field] = messagingLimitTier(dailyLimit);
      else if (field === 'throughput') answer[field] = { level: 'STANDARD' };
      else if (field !== 'id') {
        return graphError(
          400,
          100,
          `(#100) Tried accessing nonexisting field (${field}) on node type (WhatsAppBusinessPhoneNumber)`,
        );
      }
    }
    return { status: 200, body: { ...answer, id: phoneId } };
  }

  /**
   * GET /<WABA id>/message_templates?fields=name,language,status,category,message_send_ttl_seconds: the account's
   * templates, a page of two at a time (`paging.cursors.after`, `paging.next` while more remain), as the Graph API
   * pages its edges. A template's message_send_ttl_seconds is there only when it was set
   * (https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/time-to-live).
   */
  function templateList(fields: string | null, after: string | null) {
    const asked = new Set((fields ?? 'id,name').split(',').map((f) => f.trim()));
    const start = after ? Number(after) : 0;
    const page = templates.slice(start, start + 2).map((t, i) => {
      const all: Record<string, unknown> = {
        id: String(1_000 + start + i),
        name: t.name,
        language: t.language,
        status: pausedTemplates.has(t.name) ? 'PAUSED' : 'APPROVED',
        category: t.category ?? 'UTILITY',
        ...(t.ttlSeconds !== undefined && { message_send_ttl_seconds: t.ttlSeconds }),
      };
      return Object.fromEntries(Object.entries(all).filter(([key]) => key === 'id' || asked.has(key)));
    });
    const next = start + 2 < templates.length ? String(start + 2) : null;
    const query = `fields=${encodeURIComponent(fields ?? '')}&after=${next}`;
    return {
      status: 200,
      body: {
        data: page,
        paging: {
          cursors: { before: String(start), after: next ?? String(start) },
          ...(next && { next: `${peer.url}/${businessAccountId}/message_templates?${query}` }),
        },
      },
    };
  }

  const peer = await startHttpPeer(async (req) => {
    const answer = handle(req);
    if (latencyMs > 0) await sleep(latencyMs);
    return answer;
  }, port);
  return Object.assign(api, { url: peer.url, close: peer.close });
}
