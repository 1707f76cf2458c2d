import { API_PATHS } from '@ummahnotify/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/connect';
import { databaseAnswers } from '../db/health';
import { RELEASE } from './release';

/**
 * The delivery engine turns every poll (DELIVERY poll 500 ms) while idle and continually while busy: a minute without
 * a turn means it is stuck (a query that never answers, a lock held), while /healthz may still be green.
 */
export const STALLED_AFTER_MS = 60_000;

export interface ReadinessSources {
  db: Db;
  /** When the delivery engine last began a turn (real time, ms); undefined when it is not running. */
  lastTurnAt: () => number | undefined;
  /** Whether Redis answers, where REDIS_URL is set (undefined: not configured). */
  redisReady?: () => boolean;
  /** Tests shorten it. */
  stalledAfterMs?: number;
}

const answer = z.object({
  status: z.enum(['ready', 'unready']),
  database: z.enum(['ok', 'not answering']),
  delivery: z.enum(['ok', 'stalled', 'stopped']),
  deliveryLastTurnSeconds: z.number().nullable(),
  redis: z.enum(['ok', 'unreachable', 'not configured']),
  /** The product's version (root package.json) and the commit it was built from (null: run without a build). */
  version: z.string(),
  commit: z.string().nullable(),
});

/**
 * `/readyz`: 200 when this instance can do its work, 503 when it cannot (docs/decisions/2026-11-29-health-and-metrics.md).
 * Unready: the database does not answer within 3 s, or the delivery engine has not turned for STALLED_AFTER_MS (or has
 * stopped). Redis is reported, never a cause: without it every counter falls back to the database and the instance
 * still works; a load balancer that took every instance out for it would stop the service.
 */
export function registerReadiness(app: FastifyInstance, sources: ReadinessSources): void {
  const stalledAfterMs = sources.stalledAfterMs ?? STALLED_AFTER_MS;
  app.get(
    API_PATHS.ready,
    { schema: { response: { 200: answer, 503: answer } }, config: { access: 'public' } },
    async (_request, reply) => {
      const databaseOk = await databaseAnswers(sources.db);
      const lastTurn = sources.lastTurnAt();
      const sinceTurnMs = lastTurn === undefined ? undefined : Date.now() - lastTurn;
      const delivery = sinceTurnMs === undefined ? 'stopped' : sinceTurnMs > stalledAfterMs ? 'stalled' : 'ok';
      const redisReady = sources.redisReady?.();
      const ready = databaseOk && delivery === 'ok';
      reply.header('Cache-Control', 'no-store');
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'unready',
        database: databaseOk ? 'ok' : 'not answering',
        delivery,
        deliveryLastTurnSeconds: sinceTurnMs === undefined ? null : Math.round(sinceTurnMs / 100) / 10,
        redis: redisReady === undefined ? 'not configured' : redisReady ? 'ok' : 'unreachable',
        version: RELEASE.version,
        commit: RELEASE.commit,
      });
    },
  );
}
