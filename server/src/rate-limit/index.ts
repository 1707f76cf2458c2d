import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Db } from '../db/connect';
import { credentialsHidden } from '../url-credentials';
import { databaseStore } from './database-store';
import { counterPlace, redisWithDatabaseFallback } from './fallback-store';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: SharedRateLimits;
  }
}

export interface SharedRateLimits {
  /** Spread into @fastify/rate-limit's options: where the counters live. */
  store: Pick<RateLimitPluginOptions, 'store'>;
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
  if (!redisUrl) return { store: { store: databaseStore(db) }, close: async () => {} };
  // No offline queue: while Redis is not connected a command fails at once, and the database counts.
  const redis = new Redis(redisUrl, { connectTimeout: 5000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const place = counterPlace(warn);
  // ioredis reports every failed reconnection: the place says it once per outage instead.
  redis.on('error', (error) => place.use('database', credentialsHidden(error.message)));
  redis.on('ready', () => place.use('redis'));
  return {
    store: { store: redisWithDatabaseFallback(db, redis, place) },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
