/** An isolated refusal: this instance rests this long, the others go on. */
export const FIRST_PAUSE_MS = 250;
/** A refusal this soon after the last pause ended means the pace is still too high: the next pause doubles. */
const AGAIN_WITHIN_MS = 2_000;
const LONGEST_PAUSE_MS = 60_000;

/**
 * How long to rest after a provider's "slow down" that names no time (WhatsApp 130429, SMTP 421/451).
 * Providers count a rolling second, so an isolated refusal (a few sends bunched by a busy moment) is
 * over in a fraction of a second: this instance rests FIRST_PAUSE_MS. One soon after a pause ended is
 * not isolated (the configured rate is above what the provider allows): 1 s, 2 s, 4 s... up to a
 * minute, for every instance. Refusals of sends already in flight during a pause change nothing.
 */
export class Backoff {
  private readonly state = new Map<string, { level: number; until: number }>();

  /** The pause for a refusal now; `shared`: long enough that every instance must rest (whole seconds). */
  next(key: string, now = Date.now()): { ms: number; shared: boolean } {
    const last = this.state.get(key);
    if (last && now < last.until) return { ms: last.until - now, shared: last.level > 0 };
    const level = last && now - last.until < AGAIN_WITHIN_MS ? last.level + 1 : 0;
    const ms = level === 0 ? FIRST_PAUSE_MS : Math.min(1000 * 2 ** (level - 1), LONGEST_PAUSE_MS);
    this.state.set(key, { level, until: now + ms });
    return { ms, shared: level > 0 };
  }
}
