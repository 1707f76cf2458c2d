import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import type { Db } from '../db/connect';
import type { CounterPlace } from '../shared-redis';
import { databaseStore } from './database-store';

type Incr = FastifyRateLimitStore['incr'];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A @fastify/rate-limit store that counts in Redis (the plugin's own Redis store) and, while Redis is
 * not connected or a command fails, in the database: a visitor is never refused with an error because
 * Redis is down. Counts taken in the database meanwhile are not carried over to Redis (a window at most).
 */
export function redisWithDatabaseFallback(db: Db, redis: Redis, place: CounterPlace): FastifyRateLimitStoreCtor {
  const DatabaseStore = databaseStore(db);
  class FallbackStore implements FastifyRateLimitStore {
    private readonly redisStore: FastifyRateLimitStore;
    private readonly databaseStore: FastifyRateLimitStore;
    constructor(options: unknown, stores?: { redis: FastifyRateLimitStore; database: FastifyRateLimitStore }) {
      this.redisStore = stores?.redis ?? new RedisStore(false, false, redis, 'ummahnotify-rate-limit-');
      this.databaseStore = stores?.database ?? new DatabaseStore(options as never);
    }
    incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
      const inDatabase = () => this.databaseStore.incr(key, callback, timeWindow, max);
      if (redis.status !== 'ready') {
        place.use('database');
        inDatabase();
        return;
      }
      this.redisStore.incr(
        key,
        (error, result) => {
          if (error) {
            place.use('database', error.message);
            inDatabase();
            return;
          }
          place.use('redis');
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new FallbackStore(undefined, {
        redis: this.redisStore.child(routeOptions),
        database: this.databaseStore.child(routeOptions),
      });
    }
  }
  return FallbackStore;
}
