import { API_PATHS } from '@ummahnotify/core';
import { DELIVERY_KINDS } from '@ummahnotify/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connect';
import { readPauses } from '../delivery/pauses';
import { readSwitches } from '../delivery/switch';
import { safeEqual } from '../secrets';
import { RECENT_DAYS, recentDeliveries, unexpandedSince } from './delivery-figures';

const UNFINISHED = new Set(['pending', 'sending']);

export interface MetricsSources {
  db: Db;
  /** METRICS_TOKEN: a scraper sends `Authorization: Bearer <token>`; unset, /metrics answers 404. */
  token: string | undefined;
  lastTurnAt: () => number | undefined;
}

/** Whether the request carries the token, compared in constant time. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const [scheme, given] = (request.headers.authorization ?? '').split(' ');
  return scheme === 'Bearer' && given !== undefined && safeEqual(given, token);
}

/**
 * Prometheus metrics at /metrics (docs/decisions/2026-11-29-health-and-metrics.md; README "Health and metrics"). What
 * the database holds is read at each scrape, so every instance answers the same figures for the whole service; the
 * request latencies and the process's own figures are this instance's.
 */
export function registerMetrics(app: FastifyInstance, { db, token, lastTurnAt }: MetricsSources): void {
  const registry = new Registry();
  const recent = `sendings of the last ${RECENT_DAYS} days`;
  const deliveries = new Gauge({
    name: 'ummahnotify_deliveries',
    help: `Messages of the ${recent}, by kind, channel and state (pending, sending, sent, failed, expired)`,
    labelNames: ['kind', 'channel', 'state'],
    registers: [registry],
  });
  const waiting = new Gauge({
    name: 'ummahnotify_deliveries_waiting',
    help: `Pending messages of the ${recent} held back, by reason: pace (the provider asked to slow down), limit (WhatsApp's daily limit), account (the channel is paused)`,
    labelNames: ['kind', 'channel', 'reason'],
    registers: [registry],
  });
  const refused = new Gauge({
    name: 'ummahnotify_provider_refusals',
    help: `Messages of the ${recent} not sent (yet) whose last answer was a provider's refusal, by its code`,
    labelNames: ['channel', 'code'],
    registers: [registry],
  });
  const oldestPending = new Gauge({
    name: 'ummahnotify_oldest_pending_seconds',
    help: 'Age of the oldest message not yet sent (or of a sending not yet listed into messages), by kind; 0 when none',
    labelNames: ['kind'],
    registers: [registry],
  });
  const paused = new Gauge({
    name: 'ummahnotify_channel_paused',
    help: 'A channel paused for an account-level refusal (1 while paused), with the refusal code',
    labelNames: ['channel', 'code'],
    registers: [registry],
  });
  const switchedOff = new Gauge({
    name: 'ummahnotify_delivery_switched_off',
    help: "Delivery switched off by a superadmin or DELIVERY_PAUSED (1 while off), by scope: 'all' or a channel",
    labelNames: ['scope'],
    registers: [registry],
  });
  const lastTurn = new Gauge({
    name: 'ummahnotify_delivery_last_turn_seconds',
    help: "Seconds since this instance's delivery engine last began a turn (-1: it is not running)",
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'ummahnotify_http_request_duration_seconds',
    help: 'Time to answer an HTTP request on this instance, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const readDatabase = async () => {
    const now = new Date();
    const [groups, unexpanded, pauses, switches] = await Promise.all([
      recentDeliveries(db, now),
      unexpandedSince(db),
      readPauses(db),
      readSwitches(db),
    ]);
    deliveries.reset();
    waiting.reset();
    refused.reset();
    oldestPending.reset();
    paused.reset();
    switchedOff.reset();
    const oldest: Record<string, string | undefined> = {};
    const older = (kind: string, at: string) => {
      if (!oldest[kind] || at < (oldest[kind] as string)) oldest[kind] = at;
    };
    for (const g of groups) {
      deliveries.inc({ kind: g.kind, channel: g.channel, state: g.state }, g.count);
      if (g.state === 'pending' && g.waiting)
        waiting.inc({ kind: g.kind, channel: g.channel, reason: g.waiting }, g.count);
      if (g.code && g.state !== 'sent') refused.inc({ channel: g.channel, code: g.code }, g.count);
      if (UNFINISHED.has(g.state)) older(g.kind, g.oldest);
    }
    for (const u of unexpanded) older(u.kind, u.oldest);
    for (const kind of new Set([...DELIVERY_KINDS, ...Object.keys(oldest)])) {
      const at = oldest[kind];
      oldestPending.set({ kind }, at ? Math.max(0, (now.getTime() - Date.parse(at)) / 1000) : 0);
    }
    for (const p of pauses) paused.set({ channel: p.channel, code: p.code }, 1);
    for (const s of switches) switchedOff.set({ scope: s.scope }, 1);
    const turn = lastTurnAt();
    lastTurn.set(turn === undefined ? -1 : (Date.now() - turn) / 1000);
  };

  // With metrics off nothing reads them: no process figures gathered, no request timed.
  if (token) {
    collectDefaultMetrics({ register: registry, prefix: 'ummahnotify_' });
    app.addHook('onResponse', async (request, reply) => {
      latency.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  }

  app.get(
    API_PATHS.metrics,
    {
      schema: {
        description: 'Prometheus metrics (text exposition format 0.0.4); Authorization: Bearer <METRICS_TOKEN>',
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!token)
        return reply.status(404).send({ code: 404, message: 'Metrics are off: set METRICS_TOKEN to turn them on' });
      if (!carriesToken(request, token)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .send({ code: 401, message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
      }
      await readDatabase();
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
