import { createHash } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Config } from '../../config';
import type { SharedKey } from '../../secrets';
import {
  type Channel,
  type Message,
  offState,
  onState,
  paced,
  type Recipient,
  reasonText,
  type SendOutcome,
} from './types';
import { validSubscriptionKeys } from './webpush-crypto';
import { createHttp2Origins, type PushAnswer } from './webpush-http2';
import { notificationTag, pushPayload } from './webpush-payload';
import { createEncryptor, defaultPoolSize } from './webpush-pool';
import { loadVapidKeys, vapidAuthorizations, vapidSubject } from './webpush-vapid';

export interface WebPushChannel extends Channel {
  /** The VAPID public key (base64url, uncompressed P-256 point) browsers subscribe with; null when off. */
  readonly publicKey: string | null;
}

/** The longest a push service may hold a message for an offline browser (a day, as before; FCM's own cap is 4 weeks). */
const MAX_TTL_SECONDS = 86400;

/**
 * RFC 8030 §5.2: the push service holds the message for an offline browser at most TTL seconds, so a janaza push
 * never reaches a phone switched on after the prayer, nor an event's after its start.
 */
export function pushTtlSeconds(message: Pick<Message, 'expiresAt'>, now: number): number {
  const until = message.expiresAt ? Date.parse(message.expiresAt) : Number.NaN;
  if (Number.isNaN(until)) return MAX_TTL_SECONDS;
  return Math.min(MAX_TTL_SECONDS, Math.max(0, Math.floor((until - now) / 1000)));
}

/**
 * RFC 8030 §5.4: a message with a Topic replaces one with the same Topic still held for an offline browser, so a
 * phone that was off gets the correction, not the wrong notice before it. One topic per item (at most 32 characters
 * of the URL-safe base64 alphabet, as the RFC requires): a digest of its kind and id.
 */
export function pushTopic(message: Pick<Message, 'kind' | 'itemId' | 'tag'>): string {
  return createHash('sha256').update(notificationTag(message)).digest('base64url').slice(0, 32);
}
const REQUEST_TIMEOUT_MS = 15_000;

interface Subscription {
  endpoint: URL;
  p256dh: Buffer;
  auth: Buffer;
}

function parseSubscription(to: Recipient): Subscription | string {
  let endpoint: URL;
  try {
    endpoint = new URL(to.address);
  } catch {
    return 'the push endpoint is not a URL';
  }
  if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') return 'the push endpoint is not http(s)';
  try {
    const keys = JSON.parse(to.pushKeys ?? 'null') as { p256dh?: unknown; auth?: unknown } | null;
    if (typeof keys?.p256dh !== 'string' || typeof keys.auth !== 'string') return 'the subscription has no keys';
    const p256dh = Buffer.from(keys.p256dh, 'base64url');
    const auth = Buffer.from(keys.auth, 'base64url');
    if (!validSubscriptionKeys(p256dh, auth)) return 'the subscription keys are not a P-256 key and a 16-byte secret';
    return { endpoint, p256dh, auth };
  } catch {
    return 'the subscription keys are not JSON';
  }
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** A push service that says 429 without Retry-After rests this long (RFC 8030 §8.4 names none). */
const PUSH_PACE_PAUSE_MS = 10_000;

function outcomeOf(
  endpoint: URL,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  text: string,
): SendOutcome {
  if (status === 200 || status === 201 || status === 202) return { ok: true };
  const error = `push service answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  const code = `webpush:${status}`;
  if (status === 404 || status === 410) return { ok: false, kind: 'gone', error, code };
  // Too many requests: that push service rests for its Retry-After; the others go on.
  if (status === 429) {
    const after = retryAfterMs(headers['retry-after']);
    return paced('service', error, after && after > 0 ? after : PUSH_PACE_PAUSE_MS, endpoint.origin);
  }
  if (status >= 500) {
    const after = retryAfterMs(headers['retry-after']);
    return after === undefined
      ? { ok: false, kind: 'temporary', error, code }
      : { ok: false, kind: 'temporary', error, code, retryAfterMs: after };
  }
  return { ok: false, kind: 'permanent', error, code };
}

export interface WebPushOptions {
  /** Clock for the VAPID tokens and the TTL (tests). */
  now?: () => number;
  /** Worker threads for the encryption; 0 encrypts in this thread. Default: defaultPoolSize() (0 on 2 cores). */
  encryptionThreads?: number;
  /**
   * HTTP/2 to https push services that offer it (ALPN), one multiplexed session per origin; the
   * others, and http:// endpoints, get HTTP/1.1 keep-alive. Default true.
   */
  http2?: boolean;
  /** Trust these certificates instead of node's CA store (tests with a self-signed push service). */
  ca?: string;
  /** Where a generated key pair is shared with the other instances (default: made for this process only). */
  keys?: SharedKey;
}

export async function createWebPushChannel(config: Config, options: WebPushOptions = {}): Promise<WebPushChannel> {
  const keys = await loadVapidKeys(config, options.keys);
  if ('off' in keys) {
    return {
      name: 'webpush',
      state: offState('webpush', keys.off),
      publicKey: null,
      send: async () => ({ ok: false, kind: 'permanent', error: `webpush is off: ${reasonText(keys.off)}` }),
      close: async () => {},
    };
  }
  const authorization = vapidAuthorizations(keys, vapidSubject(config), options.now);
  const agentOptions = {
    keepAlive: true,
    maxSockets: config.webpushConcurrency,
    scheduling: 'lifo' as const,
    ...(options.ca ? { ca: options.ca } : {}),
  };
  const encryptor = createEncryptor(options.encryptionThreads ?? defaultPoolSize());
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);
  const http2 =
    (options.http2 ?? true)
      ? createHttp2Origins({ maxStreams: config.webpushConcurrency, timeoutMs: REQUEST_TIMEOUT_MS, ca: options.ca })
      : null;
  // The same message goes to many subscribers: its payload bytes are made once.
  const payloads = new WeakMap<Message, Buffer>();

  function postHttp1(endpoint: URL, headers: Record<string, string>, body: Buffer): Promise<PushAnswer> {
    const secure = endpoint.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const req = (secure ? httpsRequest : httpRequest)(endpoint, {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        timeout: REQUEST_TIMEOUT_MS,
        headers,
      });
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          const done = () => resolve({ status, headers: res.headers, text: '' });
          res.resume();
          res.on('end', done);
          res.on('error', done);
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 500) text += chunk;
        });
        const done = () => resolve({ status, headers: res.headers, text: text.trim() });
        res.on('end', done);
        res.on('error', done);
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  const now = options.now ?? Date.now;

  async function post(sub: Subscription, body: Buffer, message: Message): Promise<SendOutcome> {
    const headers = {
      authorization: authorization(sub.endpoint.origin),
      ttl: String(pushTtlSeconds(message, now())),
      topic: pushTopic(message),
      urgency: message.kind === 'janaza' ? 'high' : 'normal',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
    };
    try {
      const answer =
        (http2 && sub.endpoint.protocol === 'https:' ? await http2.post(sub.endpoint, headers, body) : null) ??
        (await postHttp1(sub.endpoint, headers, body));
      return outcomeOf(sub.endpoint, answer.status, answer.headers, answer.text);
    } catch (error) {
      return { ok: false, kind: 'temporary', error: `push service: ${(error as Error).message}` };
    }
  }

  return {
    name: 'webpush',
    state: onState('webpush'),
    publicKey: keys.publicKey,
    async send(to, message) {
      try {
        const sub = parseSubscription(to);
        if (typeof sub === 'string') return { ok: false, kind: 'permanent', error: sub };
        let payload = payloads.get(message);
        if (!payload) {
          payload = pushPayload(message);
          payloads.set(message, payload);
        }
        const body = await encryptor.encrypt(payload, sub.p256dh, sub.auth);
        return await post(sub, body, message);
      } catch (error) {
        return { ok: false, kind: 'permanent', error: `webpush: ${error instanceof Error ? error.message : error}` };
      }
    },
    async close() {
      await encryptor.close();
      http2?.close();
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}
