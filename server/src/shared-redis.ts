import { Redis } from 'ioredis';
import { credentialsHidden } from './url-credentials';

/** Where shared counters are now, said in the log once per change (not once per request). */
export interface CounterPlace {
  use(where: 'redis' | 'database', why?: string): void;
}

export function counterPlace(log: (message: string) => void, counters: string): CounterPlace {
  let now: 'redis' | 'database' = 'redis';
  return {
    use(where, why) {
      if (where === now) return;
      now = where;
      log(
        where === 'database'
          ? `${counters}: Redis is unreachable (${why ?? 'not connected'}); counting in the database until it is back`
          : `${counters}: Redis is back; counting in Redis again`,
      );
    },
  };
}

export interface SharedRedis {
  redis: Redis;
  place: CounterPlace;
  /** Settles at Redis's first answer: ready, or unreachable (at most connectTimeout). Never rejects. */
  firstAnswer: Promise<void>;
  close(): Promise<void>;
}

/**
 * A connection for counters every instance shares. No offline queue: while Redis is not connected a
 * command fails at once and the caller counts in the database. An instance awaits `firstAnswer` before
 * it takes requests, or its first requests would be counted in the database while the others count in
 * Redis, and the limit would be allowed twice.
 */
export function sharedRedis(url: string, counters: string, warn: (message: string) => void): SharedRedis {
  const redis = new Redis(url, { connectTimeout: 5000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const place = counterPlace(warn, counters);
  // ioredis reports every failed reconnection: the place says it once per outage instead.
  redis.on('error', (error) => place.use('database', credentialsHidden(error.message)));
  redis.on('ready', () => place.use('redis'));
  const firstAnswer = new Promise<void>((settle) => {
    redis.once('ready', () => settle());
    redis.once('error', () => settle());
    redis.once('end', () => settle());
  });
  return {
    redis,
    place,
    firstAnswer,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
