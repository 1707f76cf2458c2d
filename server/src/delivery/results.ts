import { TOPICS, type Topic } from '@ummahnotify/core';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { SendOutcome } from './channels/types';
import type { Job } from './claim';
import { EXPIRED_ERROR } from './expiry';
import { retireSubscribers, stopTopic } from './retire';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 5_000, maxDelayMs: 30 * 60_000 };

/**
 * The longest a peer's Retry-After is obeyed: a janaza notice is due within hours, and a peer that
 * asks for a day (or sends a nonsense date) must not park a delivery past its use.
 */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Exponential backoff with jitter, never sooner than the peer asked for (up to MAX_RETRY_AFTER_MS). */
export function retryDelay(attempts: number, policy: RetryPolicy, retryAfterMs = 0): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  const jittered = exponential * (0.75 + Math.random() * 0.5);
  const asked = Number.isFinite(retryAfterMs) ? Math.min(Math.max(0, retryAfterMs), MAX_RETRY_AFTER_MS) : 0;
  return Math.max(asked, Math.round(jittered));
}

/** A delivery whose retry would come after its item's time: it ends expired (expiry.ts), with why it was retried. */
const expiredNow = (error: string, now: string) => ({
  state: 'expired',
  last_error: `${EXPIRED_ERROR} (${error})`.slice(0, MAX_ERROR_LENGTH),
  locked_until: null,
  claim: null,
  updated_at: now,
});

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
 * Fenced: a result is written only while the delivery is still `sending` under the claim that sent
 * it. The answer to an attempt whose lease was taken over matches nothing, is dropped and logged, and
 * cannot turn a newer attempt's state back.
 */
export class ResultWriter {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: RetryPolicy,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    /** The engine's clock (claim.ts): retries are due, and expire, by it. */
    private readonly clock: () => number = Date.now,
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
    const nowMs = this.clock();
    const now = new Date(nowMs).toISOString();
    const sent = new Map<
      string,
      { outboxId: string; claim: string; subscriberIds: string[]; providerIds: [string, string][] }
    >();
    const gone: string[] = [];
    /** People who stopped one topic only (WhatsApp 131050): that topic is turned off. */
    const stopped: Record<Topic, string[]> = { janaza: [], events: [] };
    let dropped = 0;
    await this.db.transaction().execute(async (trx) => {
      const fenced = (outboxId: string, claim: string) =>
        trx
          .updateTable('deliveries')
          .where('outbox_id', '=', outboxId)
          .where('state', '=', 'sending')
          .where('claim', '=', claim);
      for (const { job, outcome } of batch) {
        if (outcome.ok) {
          const key = `${job.outboxId} ${job.claim}`;
          const group = sent.get(key) ?? {
            outboxId: job.outboxId,
            claim: job.claim,
            subscriberIds: [],
            providerIds: [],
          };
          group.subscriberIds.push(job.subscriberId);
          // The provider's id of the message: its later status reports (webhooks, bounces) find the delivery by it.
          if (outcome.providerId) group.providerIds.push([job.subscriberId, outcome.providerId.slice(0, 255)]);
          sent.set(key, group);
          continue;
        }
        const error = outcome.error.slice(0, MAX_ERROR_LENGTH);
        if (outcome.kind === 'account' || outcome.kind === 'paced') {
          // Not the recipient's failure: the delivery waits, its attempt uncounted, and only the item's time ends
          // the wait. The account refused (pauses.ts): until the channel's next try. The provider's "slow down"
          // (or the daily limit): a channel's or push service's pause until it ends, so the next claim serves it
          // in its turn (a janaza's first); one person's wait: a second at least.
          const waitMs =
            outcome.kind === 'paced' && outcome.notTried
              ? 0
              : outcome.kind === 'account'
                ? Math.max(100, outcome.retryAfterMs ?? 0)
                : Math.min(
                    Math.max(
                      outcome.scope === 'channel' || outcome.scope === 'service' ? 100 : 1000,
                      outcome.retryAfterMs,
                    ),
                    outcome.scope === 'limit' ? DAY_MS : MAX_RETRY_AFTER_MS,
                  );
          const code = outcome.kind === 'account' ? { error_code: outcome.code } : {};
          const nextAttempt = new Date(nowMs + waitMs).toISOString();
          const expires = job.deadline !== undefined && nextAttempt >= job.deadline;
          const result = await fenced(job.outboxId, job.claim)
            .set(
              expires
                ? { ...expiredNow(error, now), ...code }
                : {
                    state: 'pending',
                    attempts: sql<number>`attempts - 1`,
                    waiting:
                      outcome.kind === 'account'
                        ? 'account'
                        : outcome.notTried
                          ? null
                          : outcome.scope === 'limit'
                            ? 'limit'
                            : 'pace',
                    last_error: error,
                    ...code,
                    locked_until: null,
                    claim: null,
                    next_attempt_at: nextAttempt,
                    updated_at: now,
                  },
            )
            .where('subscriber_id', '=', job.subscriberId)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) dropped++;
          continue;
        }
        const retry = outcome.kind === 'temporary' && job.attempts < this.policy.maxAttempts;
        const nextAttempt = retry
          ? new Date(
              nowMs + retryDelay(job.attempts, this.policy, outcome.kind === 'temporary' ? outcome.retryAfterMs : 0),
            ).toISOString()
          : '';
        // A retry that would come after the item's time is not scheduled: the message expires (expiry.ts).
        const expires = retry && job.deadline !== undefined && nextAttempt >= job.deadline;
        const result = await fenced(job.outboxId, job.claim)
          .set(
            expires
              ? expiredNow(error, now)
              : retry
                ? {
                    state: 'pending',
                    last_error: error,
                    error_code: outcome.code ?? null,
                    locked_until: null,
                    claim: null,
                    next_attempt_at: nextAttempt,
                    updated_at: now,
                  }
                : {
                    state: 'failed',
                    last_error: error,
                    error_code: outcome.code ?? null,
                    locked_until: null,
                    claim: null,
                    updated_at: now,
                  },
          )
          .where('subscriber_id', '=', job.subscriberId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) dropped++;
        else if (outcome.kind === 'gone') (outcome.topic ? stopped[outcome.topic] : gone).push(job.subscriberId);
      }
      for (const { outboxId, claim, subscriberIds, providerIds } of sent.values()) {
        // One statement per claim, the providers' ids (if any) set by a CASE on the subscriber.
        const providerId =
          providerIds.length === 0
            ? null
            : sql<string | null>`case ${sql.ref('subscriber_id')} ${sql.join(
                providerIds.map(([subscriber, id]) => sql`when ${subscriber} then ${id}`),
                sql` `,
              )} else null end`;
        const result = await fenced(outboxId, claim)
          .set({
            state: 'sent',
            provider_id: providerId,
            last_error: null,
            error_code: null,
            locked_until: null,
            claim: null,
            updated_at: now,
          })
          .where('subscriber_id', 'in', subscriberIds)
          .executeTakeFirst();
        dropped += subscriberIds.length - Number(result.numUpdatedRows);
      }
      await retireSubscribers(trx, gone, now);
      for (const topic of TOPICS) await stopTopic(trx, stopped[topic], topic, now);
    });
    if (dropped > 0)
      this.log.warn(
        { dropped },
        'delivery: late results dropped (their claim was taken over after the lease ran out; the newer attempt decides)',
      );
  }
}
