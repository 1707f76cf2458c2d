import { createHmac } from 'node:crypto';
import type { Language } from '@ummahnotify/core';
import type { Config } from '../../config';
import { safeEqual } from '../../secrets';
import { type JsonCall, postJson } from './post-json';
import {
  accountRefusal,
  type Channel,
  notSet,
  offState,
  onState,
  paced,
  pacedUnstated,
  reasonText,
  type SendOutcome,
} from './types';
import { isAccountCode, MARKETING_OPT_OUT_CODE, UNDELIVERABLE_CODE, whatsappErrorCode } from './whatsapp-codes';
import { codePayload, noticePayload, textPayload } from './whatsapp-payload';

export interface WhatsAppChannel extends Channel {
  /** phone as stored, +65XXXXXXXX; free-form, so only as a reply within 24 hours of their message */
  sendText(phone: string, text: string): Promise<SendOutcome>;
  /** The sign-up code, as the authentication template (it reaches numbers that never wrote to us). */
  sendCode(phone: string, code: string, language: Language): Promise<SendOutcome>;
  /** X-Hub-Signature-256 of the raw webhook body, checked with WHATSAPP_APP_SECRET (timing-safe). */
  verifySignature(rawBody: Buffer, header: string | undefined): boolean;
  /** WHATSAPP_VERIFY_TOKEN for the GET verification handshake; null when unset. */
  readonly verifyToken: string | null;
}

const TIMEOUT_MS = 15_000;

/**
 * Refusals for pace (https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput,
 * .../support/error-codes): the number's throughput (130429), the app's or account's call rate (4, 80007)
 * and the spam rate limit (131048) pause the number; the pair rate (131056: the same person too often)
 * pauses only that recipient. None of them is the recipient's failure.
 */
const CHANNEL_PACE_CODES = new Set([130429, 4, 80007]);
const PAIR_RATE_CODE = 131056;
const SPAM_RATE_CODE = 131048;
/** Meta: about one message every 6 seconds to one person. */
export const PAIR_RATE_MS = 6_000;
/** How long the number rests after a spam-rate refusal, which names no time. */
const SPAM_PAUSE_MS = 60_000;

/**
 * The Graph answer: an error, or (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages,
 * "Response") `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`, where `id` is the
 * message's wamid, which its status webhooks name.
 */
interface GraphError {
  error?: { message?: string; code?: number; type?: string };
  messages?: { id?: unknown }[];
}

type Call = JsonCall<GraphError>;

export function whatsappOutcome(call: Call): SendOutcome {
  if (!call.reached) return { ok: false, kind: 'temporary', error: call.error };
  const { status, body } = call;
  if (status >= 200 && status < 300) {
    const id = body.messages?.[0]?.id;
    return typeof id === 'string' && id ? { ok: true, providerId: id } : { ok: true };
  }
  const code = body.error?.code;
  const error = `${code ?? status} ${body.error?.message ?? ''}`.trim();
  const failure = (kind: 'temporary' | 'permanent') =>
    code === undefined
      ? { ok: false as const, kind, error }
      : { ok: false as const, kind, error, code: whatsappErrorCode(code) };
  if (code === UNDELIVERABLE_CODE) return { ok: false, kind: 'gone', error, code: whatsappErrorCode(code) };
  // Meta: marketing messages only; the person still gets the rest (docs/product/delivery.md).
  if (code === MARKETING_OPT_OUT_CODE)
    return { ok: false, kind: 'gone', error, code: whatsappErrorCode(code), topic: 'events' };
  if (code !== undefined && isAccountCode(code)) return accountRefusal(whatsappErrorCode(code), error);
  const seconds = Number(call.retryAfter);
  const asked = seconds > 0 ? seconds * 1000 : 0;
  if (code === PAIR_RATE_CODE) return paced('recipient', error, asked || PAIR_RATE_MS);
  if (code === SPAM_RATE_CODE) return { ...paced('channel', error, asked || SPAM_PAUSE_MS), limitRefused: true };
  if (status === 429 || (code !== undefined && CHANNEL_PACE_CODES.has(code)))
    return asked ? paced('channel', error, asked) : pacedUnstated(error);
  if (status >= 500) return failure('temporary');
  return failure('permanent');
}

/** Meta's webhook signature: 'sha256=' + hex HMAC-SHA256 of the raw body with the app secret. */
export function checkSignature(secret: string | undefined, rawBody: Buffer, header: string | undefined): boolean {
  if (!secret || typeof header !== 'string') return false;
  return safeEqual(header.trim().toLowerCase(), `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
}

export async function createWhatsAppChannel(config: Config): Promise<WhatsAppChannel> {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_ID, WHATSAPP_API_URL, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } =
    config.channels;
  const verifySignature = (rawBody: Buffer, header: string | undefined) =>
    checkSignature(WHATSAPP_APP_SECRET, rawBody, header);
  const verifyToken = WHATSAPP_VERIFY_TOKEN ?? null;

  if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_ID) {
    const missing = [!WHATSAPP_TOKEN && 'WHATSAPP_TOKEN', !WHATSAPP_PHONE_ID && 'WHATSAPP_PHONE_ID'].filter(
      (s): s is string => !!s,
    );
    const reason = notSet(missing);
    const off = { ok: false, kind: 'permanent', error: `whatsapp is off: ${reasonText(reason)}` } as const;
    return {
      name: 'whatsapp',
      state: offState('whatsapp', reason),
      verifyToken,
      send: async () => off,
      sendText: async () => off,
      sendCode: async () => off,
      verifySignature,
      close: async () => {},
    };
  }

  const endpoint = `${WHATSAPP_API_URL.replace(/\/+$/, '')}/${encodeURIComponent(WHATSAPP_PHONE_ID)}/messages`;
  const post = async (payload: unknown): Promise<SendOutcome> =>
    whatsappOutcome(
      await postJson<GraphError>(endpoint, payload, {
        headers: { authorization: `Bearer ${WHATSAPP_TOKEN}` },
        timeoutMs: TIMEOUT_MS,
        unparsable: (text) => ({ error: { message: text } }),
      }),
    );

  return {
    name: 'whatsapp',
    state: onState('whatsapp'),
    verifyToken,
    send: async (to, message) => {
      try {
        return await post(noticePayload(to.address, message, config.whatsappTemplates));
      } catch (error) {
        return { ok: false, kind: 'permanent', error: `could not send: ${String(error)}` };
      }
    },
    sendText: (phone, text) => post(textPayload(phone, text)),
    sendCode: (phone, code, language) => post(codePayload(phone, code, language, config.whatsappTemplates)),
    verifySignature,
    close: async () => {},
  };
}
