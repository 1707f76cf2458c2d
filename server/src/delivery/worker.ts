import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Channel, SendOutcome } from './channels/types';
import { type ClaimOptions, claimDue, type Job } from './claim';
import { expandNextOutbox } from './expand';
import { ResultWriter, type RetryPolicy } from './results';

export interface WorkerOptions extends ClaimOptions {
  /** Sends in flight at once, per channel. */
  concurrency: (channel: Channel) => number;
  /** How often to look for work when not woken. */
  pollMs: number;
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
    this.writer = new ResultWriter(db, options.retry);
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

  /** Finishes the sends in flight and records them; claimed deliveries not yet sent are handed back. */
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

  private async pump(channel: Channel): Promise<void> {
    const concurrency = this.options.concurrency(channel);
    const queue: Job[] = [];
    let refilling: Promise<void> | null = null;
    // Expired leases are made due again by the periodic job of delivery/index.ts, once across instances.
    const claim = () => claimDue(this.db, channel.name, concurrency, this.options);
    const refill = () => {
      refilling ??= claim()
        .then((jobs) => {
          queue.push(...jobs);
        })
        .catch((error) => this.options.log.error({ err: error, channel: channel.name }, 'delivery: claim failed'))
        .finally(() => {
          refilling = null;
        });
      return refilling;
    };
    const sender = async () => {
      while (!this.stopping) {
        if (queue.length < concurrency && !this.stopping) void refill();
        if (queue.length === 0) {
          await refill();
          if (queue.length === 0) {
            await this.sleep(this.options.pollMs);
            continue;
          }
        }
        const job = queue.shift() as Job;
        const outcome = await this.send(channel, job);
        try {
          await this.writer.record(job, outcome);
        } catch (error) {
          // Left as sending: its lease runs out and it is sent again, the one case of a duplicate.
          this.options.log.error({ err: error, channel: channel.name }, 'delivery: recording a result failed');
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, sender));
    if (refilling) await refilling;
    await this.handBack(queue);
  }

  private async send(channel: Channel, job: Job): Promise<SendOutcome> {
    if (!job.message) return { ok: false, kind: 'permanent', error: job.cancelled ?? 'cancelled' };
    try {
      return await channel.send(job.recipient, job.message);
    } catch (error) {
      return { ok: false, kind: 'temporary', error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Claimed but never sent: pending again at once, the attempt not counted. */
  private async handBack(jobs: Job[]): Promise<void> {
    for (const job of jobs) {
      await this.db
        .updateTable('deliveries')
        .set({ state: 'pending', locked_until: null, attempts: sql<number>`attempts - 1` })
        .where('outbox_id', '=', job.outboxId)
        .where('subscriber_id', '=', job.subscriberId)
        .where('state', '=', 'sending')
        .execute()
        .catch((error) => this.options.log.error({ err: error }, 'delivery: handing back a claim failed'));
    }
  }
}
