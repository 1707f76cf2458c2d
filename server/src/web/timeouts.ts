import type { FastifyServerOptions } from 'fastify';

/**
 * How long a client may hold a connection (docs/decisions/2026-11-26-demo-sign-in-only-on-loopback.md: a body that never comes is cut within 30 s).
 * Node checks the header and request time-outs every `checkEveryMs`, so a request is cut at most
 * requestMs + checkEveryMs after it began.
 */
export interface ConnectionTimeouts {
  /** The request line and headers must have arrived by then (408 and closed otherwise). */
  headersMs: number;
  /** The whole request, body included: 1 MB of image at 400 kbit/s fits in it. */
  requestMs: number;
  /** How often Node looks for requests past those time-outs. */
  checkEveryMs: number;
  /** A connection with no byte either way for this long is closed (one that never sends anything too). */
  idleMs: number;
  /** Between two requests on one connection: longer than the proxies' own (60 s) so that they close first. */
  keepAliveMs: number;
}

export const CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 10_000,
  requestMs: 25_000,
  checkEveryMs: 1_000,
  idleMs: 30_000,
  keepAliveMs: 72_000,
};

/** The Fastify (and node:http) server options for these time-outs. */
export function timeoutOptions(t: ConnectionTimeouts = CONNECTION_TIMEOUTS): FastifyServerOptions {
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: t.checkEveryMs },
  } as FastifyServerOptions;
}
