import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Why a waiting message was never sent (deliveries.error_code; staff read it as failure.discarded). */
export const DISCARDED_CODE = 'discarded';
export const DISCARDED_ERROR = 'not sent: discarded by a superadmin while delivery was paused';

/**
 * A superadmin's "Discard" of one sending's waiting messages while delivery is switched off, typically after a
 * restore (docs/decisions/2026-11-29-restore-starts-paused.md): they end failed with the code `discarded`, and the
 * sending, if its recipients are not listed yet, is closed with none, as a withdrawal does (withdrawn.ts).
 * Returns how many messages were discarded.
 */
export async function discardWaiting(trx: Transaction<Database>, outboxId: string, now: string): Promise<number> {
  const result = await trx
    .updateTable('deliveries')
    .set({
      state: 'failed',
      error_code: DISCARDED_CODE,
      last_error: DISCARDED_ERROR,
      waiting: null,
      locked_until: null,
      claim: null,
      updated_at: now,
    })
    .where('outbox_id', '=', outboxId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  await trx
    .updateTable('outbox')
    .set({ state: 'expanded', expanded_at: now })
    .where('id', '=', outboxId)
    .where('state', '=', 'pending')
    .execute();
  return Number(result.numUpdatedRows);
}
