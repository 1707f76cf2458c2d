import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, atomically in one statement (two instances
 * counting at once both see their own hit), and answers the count and the time left in the window.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const now = Date.now();
  const { rows } = await sql<{ hits: number; reset_at: number | string }>`
    insert into rate_limits (key, hits, reset_at) values (${key}, 1, ${now + windowMs})
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end
    returning hits, reset_at`.execute(db);
  const [row] = rows;
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) };
}

/**
 * Takes one of the `max` places of `key`'s fixed window of `windowMs` (opened by its first place),
 * or none when all are taken: the count and the comparison are one statement, so instances taking
 * places at once never take more than `max` between them, and a refusal writes nothing.
 */
export async function takePlace(db: Db, key: string, windowMs: number, max: number): Promise<boolean> {
  return (await takeCountedPlace(db, key, windowMs, max)) !== null;
}

/**
 * takePlace, answering which place was taken (1 for the window's first; each number is given to one caller
 * only, across instances) and when the window ends (ms since 1970); null when none was taken.
 */
export async function takeCountedPlace(
  db: Db,
  key: string,
  windowMs: number,
  max: number,
): Promise<{ place: number; endsAt: number } | null> {
  if (max <= 0) return null;
  const now = Date.now();
  const { rows } = await sql<{ hits: number; reset_at: number | string }>`
    insert into rate_limits (key, hits, reset_at) values (${key}, 1, ${now + windowMs})
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end
    where rate_limits.reset_at <= ${now} or rate_limits.hits < ${max}
    returning hits, reset_at`.execute(db);
  const [row] = rows;
  return row ? { place: Number(row.hits), endsAt: Number(row.reset_at) } : null;
}

/** The places taken in the windows of `keys` still open, and when each ends (a key with none, or ended, is absent). */
export async function placesTaken(
  db: Db,
  keys: string[],
  now = Date.now(),
): Promise<Map<string, { used: number; endsAt: number }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'hits', 'reset_at'])
    .where('key', 'in', keys)
    .where('reset_at', '>', now)
    .execute();
  return new Map(rows.map((r) => [r.key, { used: Number(r.hits), endsAt: Number(r.reset_at) }]));
}

/** Gives back a place takePlace gave (a later limit refused, so nothing was sent). */
export async function giveBackPlace(db: Db, key: string): Promise<void> {
  await sql`update rate_limits set hits = hits - 1 where key = ${key} and hits > 0`.execute(db);
}

/** Windows that ended are only clutter: a later hit starts a new one anyway. */
export async function purgeEndedWindows(db: Db): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<', Date.now()).execute();
}

/** A @fastify/rate-limit store on the database, for instances that share no Redis. */
export function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rate-limit:',
    ) {}
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    // Each limited route counts on its own, as with the plugin's own stores. The plugin passes its
    // merged options, which hold the route as routeInfo (its RedisStore reads the same field).
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as unknown as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `${this.prefix}${route.method}${route.url}-`);
    }
  }
  return DatabaseStore;
}
