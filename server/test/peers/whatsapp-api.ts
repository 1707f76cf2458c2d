import { createHmac, randomBytes } from 'node:crypto';
import { startHttpPeer } from './http-peer';

/** A message the business sent through the fake Cloud API. */
export interface WhatsAppSent {
  /** as given in the request (the Cloud API takes digits in international form, no '+') */
  to: string;
  type: 'text' | 'template';
  /** text.body for text messages */
  body?: string;
  template?: { name: string; language: string; components?: unknown };
  id: string;
}

export interface WhatsAppApi {
  /** Use as WHATSAPP_API_URL. */
  url: string;
  sent: WhatsAppSent[];
  /** Every request body that reached /<phoneId>/messages with the right token. */
  requests: Record<string, unknown>[];
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

/** A fake WhatsApp Cloud API: POST `${url}/<phoneId>/messages` with a Bearer token, answering as Graph does. */
export async function startWhatsAppApi({
  token,
  phoneId,
  appSecret = '',
  port = 0,
}: {
  token: string;
  phoneId: string;
  appSecret?: string;
  port?: number;
}): Promise<WhatsAppApi> {
  const opted = new Set<string>();
  const dead = new Set<string>();
  let limited = 0;
  let failing = 0;
  let failStatus = 500;

  const sign = (rawBody: string | Buffer, secret = appSecret) =>
    `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

  const api: Omit<WhatsAppApi, 'url' | 'close'> = {
    sent: [],
    requests: [],
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
      sent = { to, type: 'text', body: text.body, id };
    } else if (body.type === 'template') {
      const template = body.template as
        | { name?: unknown; language?: { code?: unknown }; components?: unknown }
        | undefined;
      if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string') {
        return graphError(400, 100, '(#100) The parameter template[name] and template[language][code] are required.');
      }
      sent = {
        to,
        type: 'template',
        template: { name: template.name, language: template.language.code, components: template.components },
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
