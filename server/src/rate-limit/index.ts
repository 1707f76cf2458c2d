import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Db } from '../db/connect';
import { credentialsHidden } from '../url-credentials';
import { databaseStore } from './database-store';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: SharedRateLimits;
  }
}

export interface SharedRateLimits {
  /** Spread into @fastify/rate-limit's options: where the counters live. */
  store: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'store'>;
  close(): Promise<void>;
}

/**
 * Rate-limit counters every instance shares, so that N instances behind a load balancer allow the
 * limit once, not N times: in Redis (the plugin's own Redis store) when REDIS_URL is set, otherwise
 * in the database.
 */
export function sharedRateLimits(db: Db, redisUrl: string | undefined): SharedRateLimits {
  if (!redisUrl) return { store: { store: databaseStore(db) }, close: async () => {} };
  // A short connect time-out: the limiter answers with an error rather than hold a request for long.
  const redis = new Redis(redisUrl, { connectTimeout: 5000, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => console.warn(`Redis: ${credentialsHidden(error.message)}`));
  return {
    store: { redis, nameSpace: 'ummahnotify-rate-limit-' },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
