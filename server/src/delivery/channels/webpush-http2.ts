import { type ClientHttp2Session, type ClientHttp2Stream, constants, connect as http2Connect } from 'node:http2';
import { isIP } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** What a push service answered: the status, its headers, and the start of the body when it is not a 2xx. */
export interface PushAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * HTTP/2 to push services: one multiplexed session per https origin, negotiated by ALPN. `post`
 * resolves null when the origin does not offer h2 (the caller then uses HTTP/1.1), and rejects on
 * network and stream errors (a temporary failure for the caller).
 */
export interface Http2Origins {
  /** `headers` in lower case (HTTP/2 wants them so). */
  post(url: URL, headers: Record<string, string>, body: Buffer): Promise<PushAnswer | null>;
  close(): void;
}

export interface Http2Options {
  /** At most this many streams at once per session (and never more than the push service allows). */
  maxStreams: number;
  /** Per request (no answer by then: the stream is cancelled), and for the TLS handshake. */
  timeoutMs: number;
  /** Trust these certificates instead of node's CA store (tests with a self-signed push service). */
  ca?: string;
}

/** An origin that answered ALPN without h2 is asked again after this long. */
const HTTP1_RECHECK_MS = 3600_000;
/** A session without any request for this long is closed. */
const IDLE_MS = 60_000;
const MAX_ANSWER_TEXT = 500;

interface Origin {
  session: ClientHttp2Session;
  /** min(maxStreams, the push service's SETTINGS_MAX_CONCURRENT_STREAMS) */
  limit: number;
  active: number;
  waiting: (() => void)[];
  gone: boolean;
}

/** The session was gone before the stream could start: the request is tried again on a new one. */
class SessionGone extends Error {}

export function createHttp2Origins(options: Http2Options): Http2Origins {
  const origins = new Map<string, Promise<Origin | null>>();
  const http1Until = new Map<string, number>();
  let closed = false;

  function retire(key: string, entry: Origin) {
    if (entry.gone) return;
    entry.gone = true;
    // the waiters see `gone` and start over on a new session
    for (const wake of entry.waiting.splice(0)) wake();
    origins.get(key)?.then(
      (current) => {
        if (current === entry) origins.delete(key);
      },
      () => {},
    );
  }

  function open(key: string, url: URL): Promise<Origin | null> {
    return new Promise((resolve, reject) => {
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const socket = tlsConnect({
        host,
        port: Number(url.port || 443),
        servername: isIP(host) ? undefined : host,
        ALPNProtocols: ['h2', 'http/1.1'],
        ca: options.ca,
      });
      socket.setTimeout(options.timeoutMs, () =>
        socket.destroy(new Error(`no TLS handshake within ${options.timeoutMs / 1000} s`)),
      );
      socket.once('error', reject);
      socket.once('secureConnect', () => {
        socket.setTimeout(0);
        socket.off('error', reject);
        if (socket.alpnProtocol !== 'h2') {
          socket.destroy();
          http1Until.set(key, Date.now() + HTTP1_RECHECK_MS);
          resolve(null);
          return;
        }
        const session = http2Connect(key, { createConnection: () => socket });
        const entry: Origin = { session, limit: options.maxStreams, active: 0, waiting: [], gone: false };
        session.on('remoteSettings', (settings) => {
          entry.limit = Math.max(1, Math.min(options.maxStreams, settings.maxConcurrentStreams ?? options.maxStreams));
          for (const wake of entry.waiting.splice(0, Math.max(0, entry.limit - entry.active))) wake();
        });
        session.on('error', () => retire(key, entry));
        session.on('goaway', () => retire(key, entry));
        session.on('close', () => retire(key, entry));
        session.setTimeout(IDLE_MS, () => {
          if (entry.active === 0) session.close();
        });
        session.unref();
        resolve(entry);
      });
    });
  }

  function originFor(url: URL): Promise<Origin | null> {
    const key = url.origin;
    const until = http1Until.get(key);
    if (until !== undefined && until > Date.now()) return Promise.resolve(null);
    let entry = origins.get(key);
    if (!entry) {
      entry = open(key, url);
      origins.set(key, entry);
      entry.then(
        (origin) => origin === null && origins.delete(key),
        () => origins.delete(key),
      );
    }
    return entry;
  }

  async function acquire(origin: Origin): Promise<void> {
    while (!origin.gone && origin.active >= origin.limit) {
      await new Promise<void>((wake) => origin.waiting.push(wake));
    }
    if (origin.gone) throw new SessionGone();
    if (origin.active++ === 0) origin.session.ref();
  }

  function release(origin: Origin) {
    if (--origin.active === 0 && !origin.gone) origin.session.unref();
    origin.waiting.shift()?.();
  }

  function request(origin: Origin, url: URL, headers: Record<string, string>, body: Buffer): Promise<PushAnswer> {
    return new Promise((resolve, reject) => {
      let stream: ClientHttp2Stream;
      try {
        stream = origin.session.request({
          [constants.HTTP2_HEADER_METHOD]: 'POST',
          [constants.HTTP2_HEADER_PATH]: `${url.pathname}${url.search}`,
          ...headers,
        });
      } catch (error) {
        release(origin);
        reject(error);
        return;
      }
      let answer: PushAnswer | null = null;
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      stream.setTimeout(options.timeoutMs, () => {
        stream.close(constants.NGHTTP2_CANCEL);
        fail(new Error(`no answer within ${options.timeoutMs / 1000} s`));
      });
      stream.on('response', (responseHeaders) => {
        const { [constants.HTTP2_HEADER_STATUS]: status, ...rest } = responseHeaders;
        answer = { status: Number(status), headers: rest as PushAnswer['headers'], text: '' };
        if (answer.status < 200 || answer.status >= 300) stream.setEncoding('utf8');
      });
      stream.on('data', (chunk: Buffer | string) => {
        if (answer && typeof chunk === 'string' && answer.text.length < MAX_ANSWER_TEXT) answer.text += chunk;
      });
      stream.on('end', () => {
        if (!answer || settled) return;
        settled = true;
        resolve({ ...answer, text: answer.text.trim() });
      });
      stream.on('error', fail);
      stream.on('close', () => {
        release(origin);
        // closed without a whole answer (reset by the push service, session gone): a network failure
        if (!settled) fail(new Error(`HTTP/2 stream closed (code ${stream.rstCode ?? 'none'}) before the answer`));
      });
      stream.end(body);
    });
  }

  return {
    async post(url, headers, body) {
      for (let attempt = 0; ; attempt++) {
        if (closed) throw new Error('the web push channel is closed');
        const origin = await originFor(url);
        if (!origin) return null;
        try {
          await acquire(origin);
        } catch (error) {
          if (error instanceof SessionGone && attempt < 2) continue;
          throw error;
        }
        return request(origin, url, headers, body);
      }
    },
    close() {
      closed = true;
      for (const entry of origins.values()) {
        entry.then(
          (origin) => origin?.session.destroy(),
          () => {},
        );
      }
      origins.clear();
    },
  };
}
