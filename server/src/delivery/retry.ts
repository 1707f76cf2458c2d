import type { DeliveryKind } from '@ummahnotify/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { WITHDRAWN_CODE } from './withdrawn';

/**
 * A superadmin's "Retry failed" of one sending (docs/product/delivery.md#delivery-status): its failed deliveries
 * whose subscriber is still active go back to the queue, due now, as if never tried (attempts 0, the last
 * failure's error and code cleared). A subscriber retired since (a gone address, an unsubscribe) is left
 * alone, and so are the messages a withdrawal dropped. Returns how many went back, or null when the item has no such sending.
 */
export async function retryFailed(
  db: Kysely<Database> | Transaction<Database>,
  sending: { kind: DeliveryKind; itemId: string; number: number },
  now = new Date(),
): Promise<{ outboxId: string; retried: number } | null> {
  const outbox = await db
    .selectFrom('outbox')
    .select('id')
    .where('kind', '=', sending.kind)
    .where('item_id', '=', sending.itemId)
    .where('number', '=', sending.number)
    .executeTakeFirst();
  if (!outbox) return null;
  const at = now.toISOString();
  const result = await db
    .updateTable('deliveries')
    .set({
      state: 'pending',
      attempts: 0,
      next_attempt_at: at,
      last_error: null,
      error_code: null,
      waiting: null,
      claim: null,
      locked_until: null,
      provider_id: null,
      receipt: null,
      updated_at: at,
    })
    .where('outbox_id', '=', outbox.id)
    .where('state', '=', 'failed')
    // a withdrawn notice's dropped messages are never sent; discarded ones may be (the superadmin's undo)
    .where((eb) => eb.or([eb('error_code', 'is', null), eb('error_code', '!=', WITHDRAWN_CODE)]))
    .where('subscriber_id', 'in', (eb) => eb.selectFrom('subscribers').select('id').where('active', '=', 1))
    .executeTakeFirst();
  return { outboxId: outbox.id, retried: Number(result.numUpdatedRows) };
}
