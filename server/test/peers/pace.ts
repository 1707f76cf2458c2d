/**
 * What the pacing peers share: a sliding window of accepted sends, and the record a bench reads to
 * compute rates, refusals, loss and duplicates. Only the peers started with `pace` refuse anything
 * for pace; the others keep answering at once, as the tests where pace is not the point expect.
 */

/** At most `limit` events in any `windowMs`: a sliding window over the times of the accepted ones. */
export class SlidingWindow {
  private readonly times: number[] = [];
  private head = 0;

  constructor(
    readonly limit: number,
    readonly windowMs = 1000,
  ) {}

  private prune(now: number): void {
    while (this.head < this.times.length && (this.times[this.head] as number) <= now - this.windowMs) this.head++;
    // Drop the consumed front now and then, so a long run does not keep every time.
    if (this.head > 4096 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.head = 0;
    }
  }

  /** Events in the window ending now. */
  count(now = Date.now()): number {
    this.prune(now);
    return this.times.length - this.head;
  }

  /**
   * 0 when one more may go now (fewer than `limit` in the window); otherwise the milliseconds until
   * the oldest one that blocks it leaves the window.
   */
  waitMs(now = Date.now(), limit = this.limit): number {
    this.prune(now);
    const inWindow = this.times.length - this.head;
    if (inWindow < limit) return 0;
    const blocking = this.times[this.times.length - limit] as number;
    return Math.max(1, blocking + this.windowMs - now);
  }

  take(now = Date.now()): void {
    this.prune(now);
    this.times.push(now);
  }
}

/** Whole seconds a provider tells the client to wait: the time until the window frees, at least 1. */
export const retryAfterSeconds = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 1000));

/** One send the peer accepted: when (epoch ms) and to whom (chat id, phone digits, mailbox, subscription). */
export interface AcceptedSend {
  at: number;
  to: string;
  /** What the peer can tell about the message, for a bench to tell items apart (text, template, subject). */
  what?: string;
}

/** The counters every pacing peer exposes (kept whether or not pace is on). */
export interface PaceRecord {
  accepted: number;
  /** Refused because of a rate or a cap (429, 130429, 131056, the daily limit, SMTP 421/451, push 429). */
  refusedForPace: number;
  /** Every accepted send, in order. */
  sends: AcceptedSend[];
}

export const newPaceRecord = (): PaceRecord => ({ accepted: 0, refusedForPace: 0, sends: [] });

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
