import { createHmac, randomBytes } from 'node:crypto';
import { TEMPLATE_DEFINITIONS } from '../../src/delivery/channels/whatsapp-templates';
import { startHttpPeer } from './http-peer';

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
}

/**
 * The templates README "WhatsApp templates" tells the mosque to create, approved under the given names
 * (default: the configuration's defaults) in English and Tamil.
 */
export function readmeTemplates(
  names: Record<'janaza' | 'events' | 'correction' | 'code', string> = {
    janaza: 'ummahnotify_janaza',
    events: 'ummahnotify_event',
    correction: 'ummahnotify_correction',
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
  /** Every request body that reached /<phoneId>/messages with the right token. */
  requests: Record<string, unknown>[];
  /** The person wrote to the business `agoMs` ago (0: now), opening the 24-hour window for free-form text. */
  wroteIn(phone: string, agoMs?: number): void;
  /** The user stopped marketing messages from the business: error 131050. */
  optedOut(phone: string): void;
  /** The number cannot receive the message (not on WhatsApp, ...): error 131026. */
  undeliverable(phone: string): void;
  /** The next n calls answer 429 with error code 130429. */
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
const graphError = (status: number, code: number, message: string, type = 'OAuthException') => ({
  status,
  body: {
    error: {
      message,
      type,
      code,
      error_data: { messaging_product: 'whatsapp', details: message },
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  },
});

/** The standard Cloud API inbound message notification; `from` is digits without '+'. */
export function whatsappInboundMessage(from: string, text: string, phoneId = '100000000000001'): unknown {
  const wa = digits(from);
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000002',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '6560000000', phone_number_id: phoneId },
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
            },
          },
        ],
      },
    ],
  };
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
}: {
  token: string;
  phoneId: string;
  appSecret?: string;
  port?: number;
  /** The approved templates; any other name or language is refused (132001). */
  templates?: ApprovedTemplate[];
}): Promise<WhatsAppApi> {
  const opted = new Set<string>();
  /** digits -> when they last wrote to us */
  const lastInbound = new Map<string, number>();
  const dead = new Set<string>();
  let limited = 0;
  let failing = 0;
  let failStatus = 500;

  const sign = (rawBody: string | Buffer, secret = appSecret) =>
    `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

  const api: Omit<WhatsAppApi, 'url' | 'close'> = {
    sent: [],
    requests: [],
    wroteIn: (phone, agoMs = 0) => lastInbound.set(digits(phone), Date.now() - agoMs),
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
      for (const from of inboundSenders(payload)) lastInbound.set(from, Date.now());
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

  const peer = await startHttpPeer((req) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (req.method !== 'POST' || req.path !== `/${phoneId}/messages`) {
      return graphError(
        400,
        100,
        `Unsupported post request. Object with ID '${req.path.split('/')[1] ?? ''}' does not exist`,
        'GraphMethodException',
      );
    }
    const body = req.body;
    api.requests.push(body);
    if (limited > 0) {
      limited--;
      return graphError(429, 130429, '(#130429) Rate limit hit');
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
      if (wrote === undefined || Date.now() - wrote > SERVICE_WINDOW_MS) {
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
    api.sent.push(sent);
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: digits(to) }], messages: [{ id }] },
    };
  }, port);
  return Object.assign(api, { url: peer.url, close: peer.close });
}
