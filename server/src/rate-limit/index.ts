import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Db } from '../db/connect';
import { sharedRedis } from '../shared-redis';
import { databaseStore } from './database-store';
import { redisWithDatabaseFallback } from './fallback-store';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: SharedRateLimits;
  }
}

export interface SharedRateLimits {
  /** Spread into @fastify/rate-limit's options: where the counters live. */
  store: Pick<RateLimitPluginOptions, 'store'>;
  /** Settles once the counters know where they live (Redis's first answer); await it before listening. */
  ready: Promise<void>;
  /** Whether Redis answers now; undefined without REDIS_URL (/readyz reports it). */
  redisReady?: () => boolean;
  close(): Promise<void>;
}

/**
 * Rate-limit counters every instance shares, so that N instances behind a load balancer allow the
 * limit once, not N times: in Redis when REDIS_URL is set, with the database standing in while Redis
 * is unreachable (said once in the log, never an error to a visitor); otherwise in the database.
 */
export function sharedRateLimits(
  db: Db,
  redisUrl: string | undefined,
  warn: (message: string) => void = console.warn,
): SharedRateLimits {
  if (!redisUrl) return { store: { store: databaseStore(db) }, ready: Promise.resolve(), close: async () => {} };
  const { redis, place, firstAnswer, close } = sharedRedis(redisUrl, 'rate limits', warn);
  return {
    store: { store: redisWithDatabaseFallback(db, redis, place) },
    ready: firstAnswer,
    redisReady: () => redis.status === 'ready',
    close,
  };
}
