import type { SubscriberChannel, Topic } from '@ummahnotify/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { ErrorCode } from './channels/types';
import { pauseChannel } from './pauses';
import { retireSubscribers, stopTopic } from './retire';

/**
 * What a provider reported about a message after accepting it (docs/decisions/2026-11-28-delivery-that-hears-back.md),
 * found by the provider's id the delivery keeps:
 * - `receipt`: it reached the person ('delivered') or was read ('read'); never back from read.
 * - `failed`: it did not reach them: a sent delivery becomes failed with the code, and the person's
 *   subscription may go with it (`subscriber`).
 * - `account`: the sender's account was refused (a template paused after the send): the channel pauses
 *   and the delivery waits again for it, as when the refusal comes in the answer to the send.
 * Reports come in any order and more than once: each one only ever moves a delivery forward.
 */
export type LaterReport =
  | { kind: 'receipt'; receipt: 'delivered' | 'read' }
  | {
      kind: 'failed';
      code: ErrorCode;
      error: string;
      /** retire: the subscription is gone; retireIfRepeated: gone when the person's previous message failed
       * with the same code; stopTopic: the person stopped that topic. */
      subscriber?: 'retire' | 'retireIfRepeated' | { stopTopic: Topic };
    }
  | { kind: 'account'; code: ErrorCode; error: string };

/** applied: it changed the delivery; unchanged: already known, or overtaken; unknown: no delivery has that id. */
export type ReportResult = 'applied' | 'unchanged' | 'unknown';

const MAX_ERROR_LENGTH = 500;

export async function applyLaterReport(
  db: Kysely<Database>,
  channel: SubscriberChannel,
  providerId: string,
  report: LaterReport,
  now = new Date(),
): Promise<ReportResult> {
  const delivery = await db
    .selectFrom('deliveries')
    .select(['outbox_id', 'subscriber_id'])
    .where('provider_id', '=', providerId)
    .where('channel', '=', channel)
    .executeTakeFirst();
  if (!delivery) return 'unknown';
  const at = now.toISOString();
  const sent = () =>
    db
      .updateTable('deliveries')
      .where('outbox_id', '=', delivery.outbox_id)
      .where('subscriber_id', '=', delivery.subscriber_id)
      .where('provider_id', '=', providerId)
      .where('state', '=', 'sent');
  const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

  if (report.kind === 'receipt') {
    // 'read' overtakes 'delivered'; a 'delivered' (or a late 'sent') never undoes 'read'.
    const result = await sent()
      .set({ receipt: report.receipt })
      .where((eb) =>
        report.receipt === 'read'
          ? eb.or([eb('receipt', 'is', null), eb('receipt', '!=', 'read')])
          : eb('receipt', 'is', null),
      )
      .executeTakeFirst();
    return changed(result) ? 'applied' : 'unchanged';
  }

  const error = report.error.slice(0, MAX_ERROR_LENGTH);
  if (report.kind === 'account') {
    const pause = await pauseChannel(db, channel, report.code, report.error, now);
    // Back to waiting for the channel, its attempt uncounted, as results.ts does for a refusal at send time.
    const result = await sent()
      .set({
        state: 'pending',
        waiting: 'account',
        attempts: sql<number>`case when attempts > 0 then attempts - 1 else 0 end`,
        provider_id: null,
        receipt: null,
        error_code: report.code,
        last_error: error,
        next_attempt_at: pause.until,
        updated_at: at,
      })
      .executeTakeFirst();
    return changed(result) ? 'applied' : 'unchanged';
  }

  // Meta reports `failed` only for a message that was not delivered: a later receipt does not undo it.
  const result = await sent()
    .set({ state: 'failed', error_code: report.code, last_error: error, updated_at: at })
    .executeTakeFirst();
  if (!changed(result)) return 'unchanged';
  const ids = [delivery.subscriber_id];
  const { subscriber } = report;
  if (subscriber === 'retire') await retireSubscribers(db, ids, at);
  else if (subscriber === 'retireIfRepeated') {
    if (await previousFailedWith(db, delivery, report.code)) await retireSubscribers(db, ids, at);
  } else if (subscriber) await stopTopic(db, ids, subscriber.stopTopic, at);
  return 'applied';
}

/** Whether the person's message before this one (on the same channel) failed with the same code. */
async function previousFailedWith(
  db: Kysely<Database>,
  delivery: { outbox_id: string; subscriber_id: string },
  code: ErrorCode,
): Promise<boolean> {
  const previous = await db
    .selectFrom('deliveries as d')
    .innerJoin('outbox as o', 'o.id', 'd.outbox_id')
    .select(['d.state', 'd.error_code'])
    .where('d.subscriber_id', '=', delivery.subscriber_id)
    .where('d.outbox_id', '!=', delivery.outbox_id)
    .where('d.state', 'in', ['sent', 'failed'])
    .where('o.created_at', '<=', (eb) =>
      eb.selectFrom('outbox').select('created_at').where('id', '=', delivery.outbox_id),
    )
    .orderBy('o.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return previous?.state === 'failed' && previous.error_code === code;
}
