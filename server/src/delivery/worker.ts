import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { QuietHours } from '../config';
import type { Database } from '../db/schema';
import { type Channel, notTried, type SendOutcome } from './channels/types';
import { type ClaimOptions, claimDue, type Job, renewLeases } from './claim';
import { expandNextOutbox } from './expand';
import type { DeliveryPace } from './pace';
import { AccountPauses } from './pauses';
import { ResultWriter, type RetryPolicy } from './results';
import { SwitchReader } from './switch';

/** A channel claims again this long before its last slot. */
const LOOKAHEAD_MS = 500;
/** How many times a send gives up a slot it woke too late for, before it goes anyway. */
const MAX_RESLOTS = 5;
/**
 * What a claimed delivery whose send has not begun becomes when the server stops: pending again at once, its lease
 * released and its attempt uncounted (results.ts), so another instance or the next start sends it.
 */
const HANDED_BACK = notTried('the server stopped before sending it');

export interface WorkerOptions extends ClaimOptions {
  /** Sends in flight at once, per channel. */
  concurrency: (channel: Channel) => number;
  /** How often to look for work when not woken. */
  pollMs: number;
  /** A send still without outcome after this long counts as a temporary failure (lease.ts). */
  sendDeadlineMs: number;
  retry: RetryPolicy;
  log: FastifyBaseLogger;
  /** Each channel's shared budget, the providers' pauses, the per-person gap and the WhatsApp daily limit. */
  pace: DeliveryPace;
  /** EVENT_QUIET_HOURS: an event published in them is held until they end. */
  quietHours?: QuietHours | null;
}

/**
 * The engine of one server instance: one loop expands outbox rows into deliveries, and per enabled
 * channel one loop claims, paces and sends (pump). Instances on one PostgreSQL database share the
 * work and the channels' budgets; on SQLite one instance runs.
 */
export class DeliveryWorker {
  private stopping = false;
  /** When (real time) the expanding loop last began a turn: a loop that stops turning is stuck (ops/readiness.ts). */
  private lastTurn: number | undefined;
  private wakers = new Set<() => void>();
  /** Waits that end early when the engine stops (a send's slot, the next claim): see `until`. */
  private stopWaiters = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private readonly writer: ResultWriter;
  /** Channels paused for an account-level refusal (pauses.ts), as this instance last read them. */
  private readonly pauses: AccountPauses;
  /** Delivery switched off by a superadmin (switch.ts), as this instance last read it. */
  private readonly switches: SwitchReader;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly channels: Channel[],
    private readonly options: WorkerOptions,
  ) {
    this.writer = new ResultWriter(db, options.retry, options.log, options.now);
    this.pauses = new AccountPauses(db);
    this.switches = new SwitchReader(db);
  }

  /** The engine's clock for what is due, leases and deadlines; the pace keeps real time (its store's). */
  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  start(): void {
    this.loops.push(this.expandLoop());
    for (const channel of this.channels.filter((c) => c.state.enabled)) this.loops.push(this.pump(channel));
  }

  /** When the engine last began a turn, in real time; undefined once stopped (or before it started). */
  lastTurnAt(): number | undefined {
    return this.stopping ? undefined : this.lastTurn;
  }

  wake(): void {
    const wakers = [...this.wakers];
    this.wakers.clear();
    for (const w of wakers) w();
  }

  /**
   * Stops claiming; the sends already under way finish (each within the send deadline) and their results are
   * recorded; what is claimed and not yet sent (waiting for its slot) is handed back (HANDED_BACK). Resolves once
   * every result is written: nothing this instance claimed is left leased to it.
   */
  async stop(): Promise<void> {
    this.stopClaiming();
    await Promise.all(this.loops);
    await this.writer.idle();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakers.delete(done);
        resolve();
      }, ms);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.wakers.add(done);
    });
  }

  /** Claims nothing from now on and hands back what waits for its slot; `stop` waits for the sends under way. */
  stopClaiming(): void {
    this.stopping = true;
    this.wake();
    const waiters = [...this.stopWaiters];
    this.stopWaiters.clear();
    for (const w of waiters) w();
  }

  /** `ms` of waiting, cut short when the engine stops (unlike `sleep`, not by new work). */
  private until(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.stopWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.stopWaiters.add(done);
    });
  }

  private async expandLoop(): Promise<void> {
    const enabled = this.channels.filter((c) => c.state.enabled).map((c) => c.name);
    while (!this.stopping) {
      this.lastTurn = Date.now();
      try {
        const at = new Date(this.now());
        if (await expandNextOutbox(this.db, this.options.engine, enabled, at, this.options.quietHours)) {
          this.wake();
          continue;
        }
      } catch (error) {
        this.options.log.error({ err: error }, 'delivery: expanding an outbox row failed');
      }
      await this.sleep(this.options.pollMs);
    }
  }

  /**
   * One loop per channel claims due deliveries (a janaza notice's first), holds back those that must
   * wait (one message per person per gap, the WhatsApp daily limit), gives each of the others a slot in
   * the channel's shared budget, and sends each at its slot, at most `concurrency` claimed at once.
   * It claims again when the last slot is near, so what is claimed waits little and a janaza approved
   * meanwhile overtakes an event broadcast within a second. The leases of what is claimed are renewed
   * every third of a lease.
   */
  private async pump(channel: Channel): Promise<void> {
    const concurrency = this.options.concurrency(channel);
    const pace = this.options.pace;
    // A claim costs a few statements whatever its size: with some sends in flight, wait until a batch is free.
    const batch = Math.min(pace.claimSize(channel.name, concurrency), Math.max(1, Math.ceil(concurrency / 8)));
    const claimed = new Set<Job>();
    const running = new Set<Promise<void>>();
    /** Claimed deliveries the budget's window had no slot for yet: they take the next window's first. */
    let backlog: Job[] = [];
    let freed: (() => void) | null = null;
    const release = (job: Job) => {
      claimed.delete(job);
      const f = freed;
      freed = null;
      f?.();
    };
    const finish = (job: Job, outcome: SendOutcome) =>
      this.writer
        .record(job, outcome)
        .catch((error) =>
          // Left as sending: its lease runs out and it is sent again, the one case of a duplicate.
          this.options.log.error({ err: error, channel: channel.name }, 'delivery: recording a result failed'),
        )
        .finally(() => release(job));
    const renewal = setInterval(() => {
      renewLeases(this.db, [...claimed], this.options.leaseMs, this.options.engine, this.now()).catch((error) =>
        this.options.log.error({ err: error, channel: channel.name }, 'delivery: renewing leases failed'),
      );
    }, this.options.leaseMs / 3);
    try {
      while (!this.stopping) {
        const free = concurrency - claimed.size;
        if (backlog.length === 0 && (free <= 0 || (free < batch && claimed.size > 0))) {
          await new Promise<void>((resolve) => {
            freed = resolve;
          });
          continue;
        }
        let unsent: Job[] = [];
        try {
          let go = backlog;
          backlog = [];
          unsent = go;
          if (go.length === 0) {
            const pausedMs = await pace.channelPausedFor(channel.name);
            if (pausedMs > 0) {
              await this.sleep(Math.min(pausedMs, 5_000));
              continue;
            }
            // Paused for the account (pauses.ts): wait for its next try (or staff's resume), then try one message.
            const accountPause = await this.pauses.of(channel.name);
            const accountPausedMs = accountPause ? Date.parse(accountPause.until) - Date.now() : 0;
            if (accountPausedMs > 0 || (accountPause && running.size > 0)) {
              await this.sleep(Math.min(Math.max(accountPausedMs, 100), 1_000));
              continue;
            }
            const size = accountPause ? 1 : pace.claimSize(channel.name, free);
            const jobs = await claimDue(this.db, channel.name, size, this.options);
            if (jobs.length === 0) {
              await this.sleep(this.options.pollMs);
              continue;
            }
            // The claim read the switch as it is now: a pre-send read cached before it (say, before a resume) is stale.
            this.switches.forget();
            for (const job of jobs) claimed.add(job);
            unsent = jobs;
            const kept = await pace.holdBack(this.db, channel.name, jobs);
            for (const { job, outcome } of kept.held) void finish(job, outcome);
            go = kept.go;
            unsent = go;
          }
          const grantedAt = Date.now();
          const { send, release: released, wait, retryInMs } = await pace.schedule(channel.name, go);
          unsent = wait;
          for (const { job, outcome } of released) void finish(job, outcome);
          let last = Date.now();
          for (const { job, at } of send) {
            last = Math.max(last, at);
            const run = this.run(channel, job, at, grantedAt).then((outcome) => finish(job, outcome));
            running.add(run);
            void run.finally(() => running.delete(run));
          }
          unsent = [];
          // The window is full: the rest wait for the next one, while what has a slot goes at its time.
          backlog = wait;
          // Claim again shortly before the last slot, not long before: what is claimed waits little.
          const ahead = wait.length > 0 ? retryInMs : last - Date.now() - LOOKAHEAD_MS;
          if (ahead > 0) await this.until(ahead);
        } catch (error) {
          this.options.log.error({ err: error, channel: channel.name }, 'delivery: claim failed');
          // What was claimed and not handed to a send is left to its lease (the reclaim job).
          for (const job of unsent) release(job);
          await this.sleep(this.options.pollMs);
        }
      }
      // Stopping: what still waits for a slot goes back to pending at once, its attempt uncounted.
      for (const job of backlog) void finish(job, HANDED_BACK);
      await Promise.all([...running]);
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * Waits for the job's slot, then sends it, unless a pause began since the slot was granted: then it
   * goes back to pending, due when the pause ends, and the next claim serves a janaza's first again.
   * Unless the engine stops before the send begins: then it is handed back (HANDED_BACK).
   */
  private async run(channel: Channel, job: Job, at: number, grantedAt: number): Promise<SendOutcome> {
    let slot: number | null = at;
    let granted = grantedAt;
    // A slot the process woke up for too late (a busy moment, or a slow read of the pause) is given up
    // for a new one: late sends bunched together would put more into a second than the provider allows.
    // So the lateness is checked last, after the read of the pause that sends due together wait for.
    for (let tries = 0; slot !== null && tries < MAX_RESLOTS; tries++) {
      const wait = slot - Date.now();
      if (wait > 0) await this.until(wait);
      if (this.stopping) return HANDED_BACK;
      const paused = await this.options.pace.pausedBeforeSend(channel.name, job, granted);
      if (paused) return paused;
      slot = await this.options.pace.newSlotIfLate(channel.name, job, slot);
      if (slot !== null) granted = Date.now();
    }
    // Switched off since the claim (switch.ts): back to pending, its attempt uncounted; no claim takes it until resumed.
    const switchedOff = await this.switches.of(channel.name).catch((error) => {
      this.options.log.error({ err: error, channel: channel.name }, 'delivery: reading the switch failed');
      return undefined;
    });
    if (switchedOff) return notTried('delivery switched off by a superadmin');
    // The last moment to hand it back: from here the send is under way and finishes (bounded by its deadline).
    if (this.stopping) return HANDED_BACK;
    const outcome = await this.send(channel, job);
    if (outcome.ok) {
      await this.pauses.mended(channel.name).catch((error) => {
        this.options.log.error({ err: error, channel: channel.name }, 'delivery: ending a pause failed');
      });
      return outcome;
    }
    if (outcome.kind === 'account') {
      try {
        const waitMs = await this.pauses.refused(channel.name, outcome.code, outcome.error);
        this.options.log.warn(
          { channel: channel.name, code: outcome.code, error: outcome.error },
          'delivery: the provider refused the account; the channel is paused',
        );
        return { ...outcome, retryAfterMs: waitMs };
      } catch (error) {
        this.options.log.error({ err: error, channel: channel.name }, 'delivery: recording a pause failed');
        return { ...outcome, retryAfterMs: 15_000 };
      }
    }
    if (outcome.kind !== 'paced') return outcome;
    return this.options.pace.obey(channel.name, job, outcome).catch((error) => {
      this.options.log.error({ err: error, channel: channel.name }, 'delivery: recording a pause failed');
      return outcome;
    });
  }

  /** The channel's outcome, or a temporary failure once the send deadline passes (the lease is sized for it). */
  private async send(channel: Channel, job: Job): Promise<SendOutcome> {
    if (!job.message) return { ok: false, kind: 'permanent', error: job.cancelled ?? 'cancelled' };
    const deadlineMs = this.options.sendDeadlineMs;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<SendOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, kind: 'temporary', error: `no outcome within ${deadlineMs / 1000} s` }),
        deadlineMs,
      );
    });
    try {
      return await Promise.race([channel.send(job.recipient, job.message), deadline]);
    } catch (error) {
      return { ok: false, kind: 'temporary', error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }
}
