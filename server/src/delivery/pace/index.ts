import type { SubscriberChannel } from '@ummahnotify/core';
import type { DeliveryKind } from '@ummahnotify/domain';
import type { Db } from '../../db/connect';
import { type PacedOutcome, paced } from '../channels/types';
import type { Job } from '../claim';
import { Backoff } from './backoff';
import { type Held, holdBack } from './hold';
import { type Budget, HEADROOM, type Pacer, windowOf } from './pacer';
import { type DailyLimit, ReachCount } from './whatsapp-daily';

/** A claimed delivery waits this long at most for its slot; past that (a long pause) it goes back to pending. */
const HOLD_AT_MOST_MS = 3_000;
/** A claim takes half a second of a paced channel's messages: enough to keep it busy, little to wait behind. */
const CLAIM_SECONDS = 0.5;
/** How long an instance trusts what it read of a pause before claiming. */
const PAUSE_CACHE_MS = 1_000;
/** ... and before a send: another instance's pause reaches this one's granted slots within this. */
const SEND_PAUSE_CACHE_MS = 100;

export interface Scheduled {
  job: Job;
  /** When to send it (epoch ms): its slot in the budget. */
  at: number;
}

/**
 * The delivery engine's pacing (docs/decisions/2026-11-26-paced-delivery.md): each channel's shared
 * budget, the provider's pauses, one message per person per gap, and the WhatsApp daily limit.
 */
export class DeliveryPace {
  /**
   * By key, the end of the latest pause this instance knows of (epoch ms, kept after it passed) and when
   * it last read the store: slots granted before a pause are given up, during and after it.
   */
  private readonly known = new Map<string, { until: number; checked: number }>();
  /** Reads of the store under way, by key. */
  private readonly reading = new Map<string, Promise<number>>();
  /** People reached on WhatsApp today, as this instance counts them between reads (whatsapp-daily.ts). */
  private readonly reach = new ReachCount();
  /** Pauses after refusals that name no time, by budget. */
  private readonly backoff = new Backoff();
  /** Called on a refusal for the WhatsApp messaging limit (the limit is read again). */
  onLimitRefused: (() => void) | null = null;

  constructor(
    readonly pacer: Pacer,
    private readonly budgetOf: (channel: SubscriberChannel, kind: DeliveryKind) => Budget | null,
    readonly daily: () => DailyLimit,
    /** Its clock for what it knows of pauses and when a slot is late; tests move it. Default Date.now. */
    private readonly now: () => number = Date.now,
  ) {}

  /** Messages a second the channel sends at (HEADROOM under the provider's rate); null: unpaced (web push). */
  effectiveRate(channel: SubscriberChannel, kind: DeliveryKind): number | null {
    const budget = this.budgetOf(channel, kind);
    return budget ? budget.rate * HEADROOM : null;
  }

  /** How many deliveries one claim takes: half a second's worth on a paced channel, else all that fit. */
  claimSize(channel: SubscriberChannel, free: number): number {
    const rate = this.effectiveRate(channel, 'events');
    return rate === null ? free : Math.max(1, Math.min(free, Math.ceil(rate * CLAIM_SECONDS)));
  }

  /** ms left of the provider's pause of the channel (its events budget: the janaza one may be a paid one). */
  async channelPausedFor(channel: SubscriberChannel): Promise<number> {
    const budget = this.budgetOf(channel, 'events');
    return budget ? this.pausedFor(budget.key) : 0;
  }

  /** Until when (epoch ms) the provider paused the channel, or null, for staff. */
  async pausedUntil(channel: SubscriberChannel): Promise<number | null> {
    const ms = await this.channelPausedFor(channel);
    return ms > 0 ? this.now() + ms : null;
  }

  private async pausedFor(key: string, cacheMs = PAUSE_CACHE_MS): Promise<number> {
    const now = this.now();
    const known = this.known.get(key);
    if (known && now - known.checked < cacheMs) return Math.max(0, known.until - now);
    // Hundreds of sends due at once (web push) share one read of the store.
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.pacer
        .pausedFor(key)
        .then((ms) => {
          const read = this.now();
          const until = Math.max(this.known.get(key)?.until ?? 0, ms > 0 ? read + ms : 0);
          this.known.set(key, { until, checked: read });
          return ms;
        })
        .finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  holdBack(db: Db, channel: SubscriberChannel, jobs: Job[]): Promise<{ go: Job[]; held: Held[] }> {
    return holdBack(db, channel, jobs, this.daily(), this.reach, this.now());
  }

  /**
   * A slot for each job in its budget, one take per budget: the messages go evenly spaced at the
   * budget's rate, across instances. Those the window has no room for wait for the next one (`wait`,
   * `retryInMs`); those that would wait past HOLD_AT_MOST_MS (the provider paused the channel) are
   * released. It never sleeps: what has a slot is sent at its time while the rest waits.
   */
  async schedule(
    channel: SubscriberChannel,
    jobs: Job[],
  ): Promise<{ send: Scheduled[]; release: Held[]; wait: Job[]; retryInMs: number }> {
    const send: Scheduled[] = [];
    const release: Held[] = [];
    const wait: Job[] = [];
    let retryInMs = 0;
    const groups = new Map<string, { budget: Budget; jobs: Job[] }>();
    for (const job of jobs) {
      const budget = this.budgetOf(channel, job.kind);
      if (!budget) {
        const service = serviceOf(job);
        const paused = service ? await this.pausedFor(service) : 0;
        if (paused > 0) release.push({ job, outcome: pausedOutcome('service', paused) });
        else send.push({ job, at: this.now() });
        continue;
      }
      const group = groups.get(budget.key) ?? { budget, jobs: [] };
      group.jobs.push(job);
      groups.set(budget.key, group);
    }
    for (const { budget, jobs: group } of groups.values()) {
      const slots = await this.pacer.slots(budget, group.length);
      slots.at.forEach((time, i) => {
        send.push({ job: group[i] as Job, at: time });
      });
      const rest = group.slice(slots.at.length);
      if (rest.length === 0) continue;
      if (slots.retryInMs > HOLD_AT_MOST_MS) {
        for (const job of rest) release.push({ job, outcome: pausedOutcome('channel', slots.retryInMs) });
      } else {
        wait.push(...rest);
        retryInMs = Math.max(retryInMs, slots.retryInMs);
      }
    }
    return { send, release, wait, retryInMs };
  }

  /**
   * Just after waking for a slot: null when on time; when later than one slot's spacing (at least
   * 10 ms), a new slot's time instead (waiting for the window when it is full). So every message goes
   * within one spacing after its slot, and any second holds the sends of at most a second and one
   * spacing of slots: with HEADROOM, never more than the provider's rate.
   */
  async newSlotIfLate(channel: SubscriberChannel, job: Job, at: number): Promise<number | null> {
    const budget = this.budgetOf(channel, job.kind);
    if (!budget) return null;
    if (this.now() - at <= Math.max(10, windowOf(budget.rate).spacingMs)) return null;
    return this.newSlot(channel, job);
  }

  /** A slot for the job in its budget's window (waiting for the next window when this one is full); null: unpaced. */
  async newSlot(channel: SubscriberChannel, job: Job): Promise<number | null> {
    const budget = this.budgetOf(channel, job.kind);
    if (!budget) return null;
    for (;;) {
      const { at: slots, retryInMs } = await this.pacer.slots(budget, 1);
      if (slots[0] !== undefined) return slots[0];
      await new Promise((r) => setTimeout(r, retryInMs));
    }
  }

  /**
   * Just before a send whose slot was granted at `grantedAt`: a pause of its channel (or push service)
   * that ends after that, known to this instance or read from the store (every instance's), as an
   * outcome (`retryAfterMs`: what is left of it). No slot is granted during a pause, so such a pause
   * began after the grant: the slots granted before it would crowd the window that starts when it ends,
   * and the provider would refuse again.
   */
  async pausedBeforeSend(channel: SubscriberChannel, job: Job, grantedAt: number): Promise<PacedOutcome | null> {
    const key = this.budgetOf(channel, job.kind)?.key ?? serviceOf(job);
    if (!key) return null;
    // A send does not wait for a read of the store that another send started: it goes on what this instance
    // knows (one read old at most). Sends waiting for the same read would all go when it answers, bunched.
    if (!(this.reading.has(key) && this.known.has(key))) await this.pausedFor(key, SEND_PAUSE_CACHE_MS);
    const until = this.known.get(key)?.until ?? 0;
    if (until <= grantedAt) return null;
    return pausedOutcome(key.startsWith('webpush:') ? 'service' : 'channel', Math.max(0, until - this.now()));
  }

  /**
   * The provider's "slow down": the channel (or push service) waits, on every instance, as long as it
   * asked. When it named no time, the backoff chooses: a short rest of this instance for an isolated
   * refusal, growing pauses of every instance when they repeat. Returns the outcome to record, with the
   * pause the delivery waits.
   */
  async obey(channel: SubscriberChannel, job: Job, outcome: PacedOutcome): Promise<PacedOutcome> {
    if (outcome.limitRefused) this.onLimitRefused?.();
    let key: string | null = null;
    let rate: number | undefined;
    if (outcome.scope === 'channel') {
      const budget = this.budgetOf(channel, job.kind);
      key = budget?.key ?? null;
      rate = budget?.rate;
    } else if (outcome.scope === 'service' && outcome.service) key = `webpush:${outcome.service}`;
    if (!key) return outcome;
    let { retryAfterMs } = outcome;
    let shared = true;
    if (outcome.unstated) ({ ms: retryAfterMs, shared } = this.backoff.next(key, this.now()));
    const until = this.now() + retryAfterMs;
    const known = this.known.get(key);
    if (!known || known.until < until) this.known.set(key, { until, checked: this.now() });
    if (shared) await this.pacer.pause(key, retryAfterMs, rate);
    return { ...outcome, retryAfterMs };
  }
}

/** A web push subscription's push service (its endpoint's origin), the scope of its Retry-After. */
function serviceOf(job: Job): string | null {
  if (job.recipient.channel !== 'webpush') return null;
  try {
    return `webpush:${new URL(job.recipient.address).origin}`;
  } catch {
    return null;
  }
}

const pausedOutcome = (scope: 'channel' | 'service', ms: number): PacedOutcome =>
  paced(scope, `paused by the provider for ${Math.ceil(ms / 1000)} s`, ms);
