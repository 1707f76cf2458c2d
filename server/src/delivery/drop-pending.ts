import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Messages that will never be sent: the sendings' deliveries still pending end failed with `code` (staff read it as
 * a reason, delivery-reasons.ts), and those sendings whose recipients are not listed yet are closed with none. What
 * is in flight goes (a claim cannot be called back). A withdrawal (withdrawn.ts) and a superadmin's discard
 * (discard.ts) both end this way. Returns how many messages were dropped.
 */
export async function dropPending(
  trx: Transaction<Database>,
  outboxIds: string[],
  reason: { code: string; error: string },
  now: string,
): Promise<number> {
  if (outboxIds.length === 0) return 0;
  const result = await trx
    .updateTable('deliveries')
    .set({
      state: 'failed',
      error_code: reason.code,
      last_error: reason.error,
      waiting: null,
      locked_until: null,
      claim: null,
      updated_at: now,
    })
    .where('outbox_id', 'in', outboxIds)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  await trx
    .updateTable('outbox')
    .set({ state: 'expanded', expanded_at: now })
    .where('id', 'in', outboxIds)
    .where('state', '=', 'pending')
    .execute();
  return Number(result.numUpdatedRows);
}
