import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SendOutcome } from './channels/types';
import type { Job } from './claim';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 5_000, maxDelayMs: 30 * 60_000 };

/** Exponential backoff with jitter, never sooner than the peer asked for. */
export function retryDelay(attempts: number, policy: RetryPolicy, retryAfterMs = 0): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  const jittered = exponential * (0.75 + Math.random() * 0.5);
  return Math.max(retryAfterMs, Math.round(jittered));
}

interface Pending {
  job: Job;
  outcome: SendOutcome;
  done: () => void;
  fail: (error: unknown) => void;
}

const MAX_ERROR_LENGTH = 500;

/**
 * Writes send results durably, many per transaction (group commit). A sender waits for its result
 * to be committed before it takes the next delivery, so at any moment at most `concurrency` sends
 * per channel are done-but-unrecorded: the bound on what a crash can resend.
 */
export class ResultWriter {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: RetryPolicy,
  ) {}

  record(job: Job, outcome: SendOutcome): Promise<void> {
    return new Promise((done, fail) => {
      this.queue.push({ job, outcome, done, fail });
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  /** Resolves when everything recorded so far is committed. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flushLoop(): Promise<void> {
    // Let the senders that finish in the same tick join this transaction.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.write(batch);
        for (const p of batch) p.done();
      } catch (error) {
        for (const p of batch) p.fail(error);
      }
    }
    this.flushing = null;
  }

  private async write(batch: Pending[]): Promise<void> {
    const now = new Date().toISOString();
    const sent = new Map<string, string[]>();
    const gone: string[] = [];
    await this.db.transaction().execute(async (trx) => {
      for (const { job, outcome } of batch) {
        const key = { outbox: job.outboxId, subscriber: job.subscriberId };
        if (outcome.ok) {
          const ids = sent.get(key.outbox) ?? [];
          ids.push(key.subscriber);
          sent.set(key.outbox, ids);
          continue;
        }
        const error = outcome.error.slice(0, MAX_ERROR_LENGTH);
        const retry = outcome.kind === 'temporary' && job.attempts < this.policy.maxAttempts;
        if (outcome.kind === 'gone') gone.push(job.subscriberId);
        await trx
          .updateTable('deliveries')
          .set(
            retry
              ? {
                  state: 'pending',
                  last_error: error,
                  locked_until: null,
                  next_attempt_at: new Date(
                    Date.now() +
                      retryDelay(job.attempts, this.policy, outcome.kind === 'temporary' ? outcome.retryAfterMs : 0),
                  ).toISOString(),
                  updated_at: now,
                }
              : { state: 'failed', last_error: error, locked_until: null, updated_at: now },
          )
          .where('outbox_id', '=', key.outbox)
          .where('subscriber_id', '=', key.subscriber)
          .execute();
      }
      for (const [outboxId, subscriberIds] of sent) {
        await trx
          .updateTable('deliveries')
          .set({ state: 'sent', last_error: null, locked_until: null, updated_at: now })
          .where('outbox_id', '=', outboxId)
          .where('subscriber_id', 'in', subscriberIds)
          .execute();
      }
      if (gone.length > 0) {
        await trx
          .updateTable('subscribers')
          .set({ active: 0, deactivated_at: now, updated_at: now })
          .where('id', 'in', gone)
          .where('active', '=', 1)
          .execute();
      }
    });
  }
}
