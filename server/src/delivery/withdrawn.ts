import type { DeliveryKind } from '@ummahnotify/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { dropPending } from './drop-pending';

/** Why a message of a withdrawn notice or event was never sent (deliveries.error_code; staff read it as failure.withdrawn). */
export const WITHDRAWN_CODE = 'withdrawn';
export const WITHDRAWN_ERROR = 'cancelled: the notice was withdrawn';

/**
 * Drops what the item (a notice or an event) has not sent yet (drop-pending.ts): its deliveries still pending end failed with the code
 * `withdrawn`, and a sending whose recipients are not listed yet is closed with none. In flight ones go; their
 * recipients are then among those the cancellation tells.
 */
export async function dropUnsent(
  trx: Transaction<Database>,
  kind: DeliveryKind,
  itemId: string,
  now: string,
): Promise<void> {
  const sendings = await trx
    .selectFrom('outbox')
    .select('id')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .execute();
  await dropPending(
    trx,
    sendings.map((s) => s.id),
    { code: WITHDRAWN_CODE, error: WITHDRAWN_ERROR },
    now,
  );
}
