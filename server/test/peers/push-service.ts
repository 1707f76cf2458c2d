/**
 * A web push service (RFC 8030) on 127.0.0.1 for tests and bench/fanout. It checks the VAPID JWT
 * (RFC 8292) with jose and decrypts the aes128gcm payload (RFC 8291) with http_ece, the library
 * web-push uses: neither shares code with our channel.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { compactVerify, decodeJwt, importJWK } from 'jose';
import { newPaceRecord, type PaceRecord, SlidingWindow } from './pace';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: unknown; authSecret: Buffer }): Buffer;
};

/** Self-signed certificate for 127.0.0.1 / localhost (valid until 2126), for `tls: true`. Test use only. */
export const PUSH_SERVICE_CERT = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUVnKKTUd+9Zx8OI5RKdjymlR0kXswCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjA2MDMwMFoYDzIxMjYxMDI5
MDYwMzAwWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQiacwnt331t1fvbA5Acmfi7DCtnTkR/ZECx0fZmlFD7uuuy6dSywAG
cHvIl/4dvEx8PG8gSYWftjDTUpw/TQQZo28wbTAdBgNVHQ4EFgQUNqoF+Acd3Vsf
oI8Nb/0xe2cS40AwHwYDVR0jBBgwFoAUNqoF+Acd3VsfoI8Nb/0xe2cS40AwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIgAkjEFBrhIeXH9UwqMadmoG3mVOh/H1mjT4yPiCWGRnQCIQD1
XI4evLs/yuAHAeF1Aw4272l2Ahd7aLksTz5bQCRN3A==
-----END CERTIFICATE-----
`;
const PUSH_SERVICE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg00mgVqa6Dx40kpSm
mdOq0dNBxOnxFkj8t46Jt5YWE2KhRANCAAQiacwnt331t1fvbA5Acmfi7DCtnTkR
/ZECx0fZmlFD7uuuy6dSywAGcHvIl/4dvEx8PG8gSYWftjDTUpw/TQQZ
-----END PRIVATE KEY-----
`;

export interface PushSubscriptionJSON {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  endpoint: string;
  status: number;
  /** the decrypted JSON; null when this message was not decrypted (decryptEvery) or was refused */
  payload: unknown;
  headers: IncomingMessage['headers'];
  /** '2.0' over HTTP/2, '1.1' over HTTP/1.1 */
  httpVersion: string;
  /** the JWT of the Authorization header, when there was one */
  jwt: string | null;
}

/** A message held for an offline browser. */
export interface HeldPush {
  payload: unknown;
  topic: string | null;
  /** the peer's clock when it was accepted, and the TTL it came with */
  acceptedAt: number;
  ttlSeconds: number;
}

export interface PushServiceStats {
  requests: number;
  accepted: number;
  decrypted: number;
  decryptFailures: number;
  rejectedJwt: number;
  /** of `requests`, how many came over HTTP/2 */
  http2: number;
}

export interface PushService {
  url: string;
  origin: string;
  subscribe(): PushSubscriptionJSON;
  received: ReceivedPush[];
  stats: PushServiceStats;
  /** Accepted pushes (to = the subscription id) and refusals for pace. */
  pace: PaceRecord;
  /** From now on answer this endpoint (or every one, 'all') with status and headers; null goes back to normal. */
  respondWith(endpointOrAll: string | 'all', status: number | null, headers?: Record<string, string>): void;
  /**
   * The browser of this endpoint goes offline: what is accepted for it from now on is held, as a push service holds
   * it (RFC 8030 §5.2: for at most its TTL; §5.4: a message with the Topic of one still held replaces it).
   */
  goOffline(endpoint: string): void;
  /** The browser comes back: the held messages still within their TTL by the peer's clock, oldest first. */
  comeOnline(endpoint: string): HeldPush[];
  /** Resolves once `count` requests have been answered (whatever the answer). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /**
   * A slow push service: from now on each push it accepts is counted (`stats.accepted`, `received`) but its answer
   * is kept back until `answerHeld`, so the sender's requests stay in flight.
   */
  holdAnswers(): void;
  /** How many accepted pushes wait for their answer now. */
  readonly heldAnswers: number;
  /** Sends the answers kept back and answers at once again. */
  answerHeld(): void;
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** Cut every open connection (the clients must connect again). */
  dropConnections(): void;
  close(): Promise<void>;
}

export interface PushServiceOptions {
  /** Decrypt one message in n (every JWT is still checked). Default 1: all of them. */
  decryptEvery?: number;
  /**
   * Serve HTTPS with PUSH_SERVICE_CERT: HTTP/2 to clients that offer it by ALPN, HTTP/1.1 to the
   * others (web-push's sendNotification), like FCM, Mozilla autopush and Apple.
   */
  tls?: boolean;
  /** With `tls`: HTTP/1.1 only, no ALPN (a push service that does not speak HTTP/2). */
  http1Only?: boolean;
  /** Keep every request in `received` (default true; the bench counts only). */
  keepReceived?: boolean;
  /** Listen on this port (default: a free one). */
  port?: number;
  /**
   * Refuse pushes over a rate, as push services do (opt-in). RFC 8030 §8.4: "A push service MAY
   * return a 429 (Too Many Requests) status code when an application server has exceeded its rate
   * limit for push message delivery to a push resource. The push service SHOULD also include a
   * Retry-After header to indicate how long the application server is requested to wait before it
   * makes another request to the push resource." (https://www.rfc-editor.org/rfc/rfc8030#section-8.4;
   * 429 and Retry-After: RFC 6585 §4). FCM answers 429 RESOURCE_EXHAUSTED when a sender goes over
   * its send quota (a real answer: https://github.com/firebase/firebase-admin-go/issues/719).
   * The rate here is over the whole service (every endpoint), counted on accepted pushes.
   */
  pace?: { perSecond: number; retryAfterSeconds: number; clock?: () => number };
  /** The clock of held messages' TTL (and of the pace when it has none of its own). Default Date.now. */
  clock?: () => number;
}

/**
 * RFC 8030 §5.4 (https://www.rfc-editor.org/rfc/rfc8030#section-5.4): "The Topic header field MUST be restricted to
 * no more than 32 characters from the URL and filename-safe Base 64 alphabet [RFC4648]. A push service that receives
 * a request with a Topic header field that does not meet these constraints MUST return a 400 (Bad Request)".
 */
const VALID_TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

interface Subscriber {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const MAX_JWT_AHEAD_S = 24 * 3600;

/** The title of a decrypted payload (what tells one item's push from another's), '' when not decrypted. */
const payloadTitle = (payload: unknown) =>
  payload && typeof payload === 'object' && typeof (payload as { title?: unknown }).title === 'string'
    ? ((payload as { title: string }).title as string).slice(0, 200)
    : '';

export async function startPushService(options: PushServiceOptions = {}): Promise<PushService> {
  const decryptEvery = Math.max(1, options.decryptEvery ?? 1);
  const keepReceived = options.keepReceived ?? true;
  const subscribers = new Map<string, Subscriber>();
  const overrides = new Map<string, { status: number; headers: Record<string, string> }>();
  const verified = new Map<string, { aud: unknown; exp: unknown; sub: unknown }>();
  const received: ReceivedPush[] = [];
  const stats: PushServiceStats = {
    requests: 0,
    accepted: 0,
    decrypted: 0,
    decryptFailures: 0,
    rejectedJwt: 0,
    http2: 0,
  };
  const waiters: { count: number; resolve: () => void }[] = [];
  let origin = '';
  let nextId = 1;
  const held = new Map<string, HeldPush[]>();
  /** With holdAnswers: the answers of accepted pushes, kept back until answerHeld. */
  let answersHeld: (() => void)[] | null = null;
  const paceRecord = newPaceRecord();
  const paceWindow = options.pace ? new SlidingWindow(options.pace.perSecond) : null;

  /** null when the token is good; otherwise the status and why. */
  async function checkVapid(
    authorization: string | undefined,
  ): Promise<{ jwt: string | null; refusal?: [number, string] }> {
    const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)\s*$/.exec(authorization ?? '');
    if (!match) return { jwt: null, refusal: [401, 'missing or malformed vapid Authorization'] };
    const [, jwt, k] = match;
    let claims = verified.get(`${jwt} ${k}`);
    if (!claims) {
      try {
        const point = Buffer.from(k, 'base64url');
        if (point.length !== 65 || point[0] !== 4) return { jwt, refusal: [401, 'k is not a P-256 public key'] };
        const key = await importJWK(
          {
            kty: 'EC',
            crv: 'P-256',
            x: point.subarray(1, 33).toString('base64url'),
            y: point.subarray(33).toString('base64url'),
          },
          'ES256',
        );
        await compactVerify(jwt, key, { algorithms: ['ES256'] }); // the signature; the claims are checked below
      } catch (error) {
        return { jwt, refusal: [401, `bad VAPID JWT: ${(error as Error).message}`] };
      }
      claims = decodeJwt(jwt);
      verified.set(`${jwt} ${k}`, claims);
    }
    const now = Date.now() / 1000;
    if (claims.aud !== origin) return { jwt, refusal: [403, `aud ${String(claims.aud)} is not ${origin}`] };
    if (typeof claims.exp !== 'number' || claims.exp <= now) return { jwt, refusal: [403, 'the JWT has expired'] };
    if (claims.exp > now + MAX_JWT_AHEAD_S + 60) return { jwt, refusal: [403, 'exp is more than 24 h ahead'] };
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
      return { jwt, refusal: [403, 'sub is not a mailto: or https: URL'] };
    }
    return { jwt };
  }

  type Request = IncomingMessage | Http2ServerRequest;
  type Response = ServerResponse | Http2ServerResponse;

  async function handle(req: Request, res: Response): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const endpoint = `${origin}/push/${id}`;
    const number = ++stats.requests;
    if (req.httpVersionMajor === 2) stats.http2++;
    const answer = (
      status: number,
      text = '',
      headers: Record<string, string> = {},
      payload: unknown = null,
      jwt: string | null = null,
    ) => {
      if (keepReceived) {
        const { httpVersion, headers: requestHeaders } = req;
        received.push({ subscriptionId: id, endpoint, status, payload, headers: requestHeaders, httpVersion, jwt });
      }
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(text);
      for (const waiter of [...waiters]) {
        if (stats.requests >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    };
    if (req.method !== 'POST') return answer(405);
    const subscriber = subscribers.get(id);
    if (!subscriber) return answer(404, 'no such subscription');
    const { jwt, refusal } = await checkVapid(req.headers.authorization);
    if (refusal) {
      stats.rejectedJwt++;
      return answer(refusal[0], refusal[1], {}, null, jwt);
    }
    const override = overrides.get(endpoint) ?? overrides.get('all');
    if (override) return answer(override.status, '', override.headers, null, jwt);
    const clock = options.pace?.clock ?? options.clock ?? Date.now;
    if (paceWindow && options.pace && paceWindow.waitMs(clock()) > 0) {
      paceRecord.refusedForPace++;
      return answer(429, 'rate limited', { 'retry-after': String(options.pace.retryAfterSeconds) }, null, jwt);
    }
    if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return answer(400, 'TTL header missing', {}, null, jwt);
    const topic = typeof req.headers.topic === 'string' ? req.headers.topic : null;
    if (topic !== null && !VALID_TOPIC.test(topic)) return answer(400, 'invalid Topic', {}, null, jwt);
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm', {}, null, jwt);
    if (body.length > 4096) return answer(413, 'payload too large', {}, null, jwt);
    let payload: unknown = null;
    if (number % decryptEvery === 0 || decryptEvery === 1) {
      try {
        const plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: subscriber.ecdh,
          authSecret: subscriber.auth,
        });
        payload = JSON.parse(plain.toString('utf8'));
        stats.decrypted++;
      } catch (error) {
        stats.decryptFailures++;
        return answer(400, `cannot decrypt: ${(error as Error).message}`, {}, null, jwt);
      }
    }
    stats.accepted++;
    const now = clock();
    paceWindow?.take(now);
    paceRecord.accepted++;
    paceRecord.sends.push({ at: now, to: id, what: payloadTitle(payload) });
    const waiting = held.get(endpoint);
    if (waiting) {
      const kept = topic === null ? waiting : waiting.filter((m) => m.topic !== topic);
      kept.push({ payload, topic, acceptedAt: (options.clock ?? Date.now)(), ttlSeconds: Number(req.headers.ttl) });
      held.set(endpoint, kept);
    }
    const accept = () => answer(201, '', { location: `${origin}/message/${number}` }, payload, jwt);
    // Accepted (counted above); a slow service answers later (holdAnswers), the sender's request still open.
    if (answersHeld) return void answersHeld.push(accept);
    accept();
  }

  const listener = (req: Request, res: Response) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500).end(error.message);
    });
  };
  const tls = { cert: PUSH_SERVICE_CERT, key: PUSH_SERVICE_KEY };
  const http1 = options.tls
    ? options.http1Only
      ? createHttpsServer(tls, listener)
      : null
    : createHttpServer(listener);
  if (http1) http1.keepAliveTimeout = 30_000;
  const server = http1 ?? createSecureServer({ ...tls, allowHTTP1: true }, listener);
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  return {
    url: origin,
    origin,
    received,
    stats,
    pace: paceRecord,
    subscribe() {
      const id = String(nextId++);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    goOffline(endpoint) {
      if (!held.has(endpoint)) held.set(endpoint, []);
    },
    comeOnline(endpoint) {
      const at = (options.clock ?? Date.now)();
      const waiting = held.get(endpoint) ?? [];
      held.delete(endpoint);
      return waiting.filter((m) => at < m.acceptedAt + m.ttlSeconds * 1000);
    },
    respondWith(endpointOrAll, status, headers = {}) {
      if (status === null) overrides.delete(endpointOrAll);
      else overrides.set(endpointOrAll, { status, headers });
    },
    holdAnswers() {
      answersHeld ??= [];
    },
    get heldAnswers() {
      return answersHeld?.length ?? 0;
    },
    answerHeld() {
      const answers = answersHeld ?? [];
      answersHeld = null;
      for (const send of answers) send();
    },
    waitFor(count, timeoutMs = 120_000) {
      if (stats.requests >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`push service: ${stats.requests} of ${count} requests after ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    get connections() {
      return connections;
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
