import { randomUUID } from 'node:crypto';
import type { DeliveryKind } from '@ummahnotify/domain';
import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxTable } from '../db/schema';

/** A sending not expanded yet: number 0 is the broadcast, 1, 2, ... the corrections. */
function newSending(
  kind: DeliveryKind,
  itemId: string,
  number: number,
  actorId: string | null,
  cancellation = false,
): Insertable<OutboxTable> {
  return {
    id: randomUUID(),
    kind,
    item_id: itemId,
    number,
    state: 'pending',
    created_by: actorId,
    created_at: new Date().toISOString(),
    expanded_at: null,
    cancellation: cancellation ? 1 : 0,
  };
}

/**
 * The broadcast of an item: written in the caller's transaction (the approval or publication), at
 * most once per item ever — the unique (kind, item_id, number) makes a second approval a no-op.
 */
export async function enqueueBroadcast(
  trx: Kysely<Database>,
  kind: DeliveryKind,
  itemId: string,
  actorId: string | null,
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values(newSending(kind, itemId, 0, actorId))
    .onConflict((oc) => oc.columns(['kind', 'item_id', 'number']).doNothing())
    .execute();
}

export async function broadcastOf(db: Kysely<Database>, kind: DeliveryKind, itemId: string) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('number', '=', 0)
    .executeTakeFirst();
}

/**
 * A deliberate correction: the next number after the item's last sending. Returns null when the item
 * was never broadcast (there is nobody to correct). Two corrections at once cannot take one number:
 * the unique key refuses the second insert, which the caller reports as a conflict.
 */
export async function enqueueCorrection(
  trx: Kysely<Database>,
  kind: DeliveryKind,
  itemId: string,
  actorId: string,
  /** The withdrawal's sending: the same recipients, told the item is cancelled (features/janaza/withdrawal.ts). */
  cancellation = false,
): Promise<number | null> {
  if (!(await broadcastOf(trx, kind, itemId))) return null;
  const last = await trx
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  const number = Number(last.n) + 1;
  await trx
    .insertInto('outbox')
    .values(newSending(kind, itemId, number, actorId, cancellation))
    .execute();
  return number;
}
