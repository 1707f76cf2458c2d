import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Channel, SendOutcome } from './channels/types';
import { type ClaimOptions, claimDue, type Job, renewLeases } from './claim';
import { expandNextOutbox } from './expand';
import { ResultWriter, type RetryPolicy } from './results';

export interface WorkerOptions extends ClaimOptions {
  /** Sends in flight at once, per channel. */
  concurrency: (channel: Channel) => number;
  /** How often to look for work when not woken. */
  pollMs: number;
  /** A send still without outcome after this long counts as a temporary failure (lease.ts). */
  sendDeadlineMs: number;
  retry: RetryPolicy;
  log: FastifyBaseLogger;
}

/**
 * The engine of one server instance: one loop expands outbox rows into deliveries, and per enabled
 * channel `concurrency` senders take claimed deliveries, send, and wait until their result is
 * committed. Instances on one PostgreSQL database share the work; on SQLite one instance runs.
 */
export class DeliveryWorker {
  private stopping = false;
  private wakers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private readonly writer: ResultWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly channels: Channel[],
    private readonly options: WorkerOptions,
  ) {
    this.writer = new ResultWriter(db, options.retry, options.log);
  }

  start(): void {
    this.loops.push(this.expandLoop());
    for (const channel of this.channels.filter((c) => c.state.enabled)) this.loops.push(this.pump(channel));
  }

  wake(): void {
    const wakers = [...this.wakers];
    this.wakers.clear();
    for (const w of wakers) w();
  }

  /** Finishes the sends in flight and records them (nothing is claimed that is not being sent). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
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

  private async expandLoop(): Promise<void> {
    const enabled = this.channels.filter((c) => c.state.enabled).map((c) => c.name);
    while (!this.stopping) {
      try {
        if (await expandNextOutbox(this.db, this.options.engine, enabled)) {
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
   * `concurrency` senders share one claimer: it claims only as many deliveries as there are senders
   * waiting, hands one to each, and claims again when senders free up; nothing claimed waits in a
   * queue. Meanwhile the leases of the sends in flight are renewed every third of a lease.
   */
  private async pump(channel: Channel): Promise<void> {
    const concurrency = this.options.concurrency(channel);
    const waiting: ((job: Job | null) => void)[] = [];
    const inFlight = new Set<Job>();
    let claiming = false;
    // Expired leases are made due again by the periodic job of delivery/index.ts, once across instances.
    const claim = (limit: number) => claimDue(this.db, channel.name, limit, this.options);
    const dispatch = async () => {
      if (claiming) return;
      claiming = true;
      try {
        while (waiting.length > 0 && !this.stopping) {
          const jobs = await claim(waiting.length);
          for (const job of jobs) (waiting.shift() as (job: Job) => void)(job);
          if (jobs.length === 0) break;
        }
      } catch (error) {
        this.options.log.error({ err: error, channel: channel.name }, 'delivery: claim failed');
      } finally {
        claiming = false;
        // Nothing due (or stopping): the senders still waiting sleep until woken or the next poll.
        for (const w of waiting.splice(0)) w(null);
      }
    };
    // Claims in batches: a claim costs a few statements whatever its size, so free senders wait for a
    // few more to free up (unless none is sending), never for longer than one send.
    const batchFloor = Math.max(1, Math.ceil(concurrency / 8));
    const next = () =>
      new Promise<Job | null>((resolve) => {
        waiting.push(resolve);
        if (waiting.length >= batchFloor || inFlight.size === 0) void dispatch();
      });
    const sender = async () => {
      while (!this.stopping) {
        const job = await next();
        if (!job) {
          if (!this.stopping) await this.sleep(this.options.pollMs);
          continue;
        }
        inFlight.add(job);
        const outcome = await this.send(channel, job);
        try {
          await this.writer.record(job, outcome);
        } catch (error) {
          // Left as sending: its lease runs out and it is sent again, the one case of a duplicate.
          this.options.log.error({ err: error, channel: channel.name }, 'delivery: recording a result failed');
        } finally {
          inFlight.delete(job);
        }
      }
    };
    const renewal = setInterval(() => {
      renewLeases(this.db, [...inFlight], this.options.leaseMs).catch((error) =>
        this.options.log.error({ err: error, channel: channel.name }, 'delivery: renewing leases failed'),
      );
    }, this.options.leaseMs / 3);
    try {
      await Promise.all(Array.from({ length: concurrency }, sender));
    } finally {
      clearInterval(renewal);
    }
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
