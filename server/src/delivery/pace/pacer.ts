import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { type Db, rawClientOf } from '../../db/connect';

/**
 * We send this far under a provider's limit, so that network jitter never puts one second over it
 * (a message sent at 0.99 s that arrives at 1.01 s). 10 000 Telegram messages: 351 s instead of 333 s.
 */
export const HEADROOM = 0.95;

/** One shared budget: a provider's account (bot, phone number, mail account) and the rate it allows. */
export interface Budget {
  key: string;
  /** Messages a second the provider allows. */
  rate: number;
}

/**
 * The fixed window a rate is counted in: whole seconds (Redis keys expire in seconds), long enough
 * for at least 40 messages, and the slots it holds, HEADROOM under the rate, evenly spaced.
 */
export function windowOf(rate: number): { seconds: number; points: number; spacingMs: number } {
  const seconds = Math.max(2, Math.ceil(40 / rate));
  const points = Math.max(1, Math.floor(rate * seconds * HEADROOM));
  return { seconds, points, spacingMs: (seconds * 1000) / points };
}

export interface Slots {
  /** When each granted slot is (epoch ms), in order, none in the past; fewer than asked when the window is full. */
  at: number[];
  /** When some were not granted: ms until the window (or the provider's pause) ends. */
  retryInMs: number;
}

/** consume() answers a refusal by rejecting with the same RateLimiterRes: here it is an answer too. */
async function consume(limiter: RateLimiterAbstract, key: string, n: number): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key, n);
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  }
}

/**
 * Sending paced by rate, shared by every instance: each budget's window is a counter in
 * rate-limiter-flexible's store (Redis when REDIS_URL is set, with the database as its insurance when
 * Redis is down; otherwise the database: PostgreSQL or SQLite, table delivery_pace). The n-th point
 * taken in a window is the n-th evenly spaced slot of it, so the instances together send at the rate,
 * one message every 1/rate seconds, not in bursts. A provider's "slow down" blocks the budget for as
 * long as it asked, for every instance (docs/decisions/2026-11-26-paced-delivery.md).
 */
export class Pacer {
  private readonly limiters = new Map<number, { limiter: RateLimiterAbstract; window: ReturnType<typeof windowOf> }>();
  /** Pauses only (a push service's Retry-After), and the record of every pause for staff. */
  private readonly pauses: RateLimiterAbstract;

  constructor(
    private readonly db: Db,
    private readonly redis?: Redis,
  ) {
    this.pauses = this.limiter(1, 1, 'ummahnotify-pause');
  }

  private limiter(points: number, seconds: number, keyPrefix: string): RateLimiterAbstract {
    const options = { points, duration: seconds, keyPrefix };
    const raw = rawClientOf(this.db);
    const database =
      raw.kind === 'postgres'
        ? new RateLimiterPostgres({
            ...options,
            storeClient: raw.pool,
            storeType: 'pool',
            tableName: 'delivery_pace',
            tableCreated: true,
            clearExpiredByTimeout: false,
          })
        : new RateLimiterSQLite({
            ...options,
            storeClient: raw.sqlite,
            storeType: 'better-sqlite3',
            tableName: 'delivery_pace',
            tableCreated: true,
            clearExpiredByTimeout: false,
          });
    if (!this.redis) return database;
    return new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: database });
  }

  private budget(rate: number) {
    let entry = this.limiters.get(rate);
    if (!entry) {
      const window = windowOf(rate);
      entry = { limiter: this.limiter(window.points, window.seconds, 'ummahnotify-pace'), window };
      this.limiters.set(rate, entry);
    }
    return entry;
  }

  /**
   * Takes up to n slots of the budget's current window. The window's slots are at fixed times from its
   * start; those already past (nobody sent then) are skipped, never crowded into now.
   */
  async slots(budget: Budget, n: number): Promise<Slots> {
    const { limiter, window } = this.budget(budget.rate);
    let res = await consume(limiter, budget.key, n);
    const windowStart = Date.now() + res.msBeforeNext - window.seconds * 1000;
    // The first slot that is not yet past, by its place in the window (the n-th slot is at (n - 1) spacings).
    const firstUsable = Math.ceil((Date.now() - windowStart) / window.spacingMs) + 1;
    /** The points taken, as ranges of places in the window (another instance may take some in between). */
    const taken: [number, number][] = [[res.consumedPoints - n + 1, res.consumedPoints]];
    const usable = ([from, to]: [number, number]) =>
      Math.max(0, Math.min(to, window.points) - Math.max(from, firstUsable) + 1);
    const have = usable(taken[0] as [number, number]);
    if (have < n && res.consumedPoints < window.points) {
      // Some were past: take the slots still missing, after the past ones nobody took. Exactly those: more
      // would leave slots between them unused, a stall of a claim's length.
      const more = Math.max(0, firstUsable - 1 - res.consumedPoints) + n - have;
      res = await consume(limiter, budget.key, more);
      taken.push([res.consumedPoints - more + 1, res.consumedPoints]);
    }
    const at: number[] = [];
    for (const [from, to] of taken)
      for (let i = Math.max(from, firstUsable); i <= Math.min(to, window.points) && at.length < n; i++)
        at.push(Math.round(windowStart + (i - 1) * window.spacingMs));
    return { at, retryInMs: at.length < n ? Math.max(10, res.msBeforeNext) : 0 };
  }

  /** The provider asked every sender of this budget (or push service) to wait `ms`. */
  async pause(key: string, ms: number, rate?: number): Promise<void> {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    await Promise.all([
      this.pauses.block(key, seconds),
      rate === undefined ? undefined : this.budget(rate).limiter.block(key, seconds),
    ]);
  }

  /** ms left of the provider's pause of this key, 0 when none. */
  async pausedFor(key: string): Promise<number> {
    const res = await this.pauses.get(key);
    return res && res.consumedPoints > 1 ? res.msBeforeNext : 0;
  }
}
