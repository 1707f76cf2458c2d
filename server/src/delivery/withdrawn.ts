import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Why a message of a withdrawn notice was never sent (deliveries.error_code; staff read it as failure.withdrawn). */
export const WITHDRAWN_CODE = 'withdrawn';
export const WITHDRAWN_ERROR = 'cancelled: the notice was withdrawn';

/**
 * Drops what the notice has not sent yet: its deliveries still pending end failed with the code `withdrawn`, and a
 * sending whose recipients are not listed yet is closed with none. In flight ones go (a claim cannot be called back);
 * their recipients are then among those the cancellation tells.
 */
export async function dropUnsent(trx: Transaction<Database>, noticeId: string, now: string): Promise<void> {
  const sendings = trx.selectFrom('outbox').select('id').where('kind', '=', 'janaza').where('item_id', '=', noticeId);
  await trx
    .updateTable('deliveries')
    .set({
      state: 'failed',
      error_code: WITHDRAWN_CODE,
      last_error: WITHDRAWN_ERROR,
      waiting: null,
      locked_until: null,
      claim: null,
      updated_at: now,
    })
    .where('state', '=', 'pending')
    .where('outbox_id', 'in', sendings)
    .execute();
  await trx
    .updateTable('outbox')
    .set({ state: 'expanded', expanded_at: now })
    .where('kind', '=', 'janaza')
    .where('item_id', '=', noticeId)
    .where('state', '=', 'pending')
    .execute();
}
