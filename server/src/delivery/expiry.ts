import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Messages expire (docs/product/delivery.md#expiry): a janaza message not sent by its prayer time (the notice's due_date),
 * or an event's not sent by its start (date_time), is never sent; its delivery ends `expired`.
 * Three places apply it, so nothing goes out after the deadline:
 * - expireOverdue(): a periodic sweep (delivery/index.ts) marks the pending deliveries of every
 *   recent sending whose item's time has passed, in one statement;
 * - expireClaimed(): a claim (claim.ts) that finds its item's time passed marks those deliveries
 *   expired instead of sending them (the backstop for anything the sweep did not reach);
 * - the result writer (results.ts) expires a temporary failure whose retry would come after it.
 * Times are UTC ISO 8601 text on both engines, so they compare as text.
 */

export const EXPIRED_ERROR = 'expired: not sent before the prayer time or the start of the event';

/** How far back the sweep looks at sendings; older ones are expired by claim (they stay pending until then). */
const SWEEP_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** True when a message for an item with this deadline must no longer be sent. */
export function isPastDeadline(deadline: string | null | undefined, now = new Date()): boolean {
  return typeof deadline === 'string' && deadline <= now.toISOString();
}

/** One statement: every pending delivery of a recent sending whose item's time has passed becomes expired. */
export async function expireOverdue(db: Kysely<Database>, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  const since = new Date(now.getTime() - SWEEP_WINDOW_MS).toISOString();
  const result = await sql`
    update deliveries set state = 'expired', last_error = ${EXPIRED_ERROR}, locked_until = null, claim = null, updated_at = ${nowIso}
    where state = 'pending' and outbox_id in (
      select o.id from outbox o join janaza_notices n on n.id = o.item_id
      where o.kind = 'janaza' and o.created_at >= ${since} and n.due_date <= ${nowIso}
      union all
      select o.id from outbox o join events e on e.id = o.item_id
      where o.kind = 'events' and o.created_at >= ${since} and e.date_time <= ${nowIso}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Claimed deliveries whose item's time passed: expired (fenced by their claim), in one statement per sending. */
export async function expireClaimed(
  db: Kysely<Database>,
  claim: string,
  rows: { outboxId: string; subscriberId: string }[],
  now = new Date(),
): Promise<void> {
  const byOutbox = new Map<string, string[]>();
  for (const r of rows) byOutbox.set(r.outboxId, [...(byOutbox.get(r.outboxId) ?? []), r.subscriberId]);
  const nowIso = now.toISOString();
  for (const [outboxId, subscriberIds] of byOutbox) {
    await db
      .updateTable('deliveries')
      .set({ state: 'expired', last_error: EXPIRED_ERROR, locked_until: null, claim: null, updated_at: nowIso })
      .where('outbox_id', '=', outboxId)
      .where('subscriber_id', 'in', subscriberIds)
      .where('claim', '=', claim)
      .where('state', '=', 'sending')
      .execute();
  }
}
