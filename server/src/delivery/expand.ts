import { type Kysely, sql } from 'kysely';
import type { QuietHours } from '../config';
import type { Database } from '../db/schema';
import { quietHoursEnd } from './quiet-hours';

type Engine = 'sqlite' | 'postgres';

/**
 * Takes the oldest unexpanded outbox row and lists its recipients as pending deliveries, in one
 * transaction: a crash before the commit leaves the row pending, after it leaves it expanded, never
 * half. Broadcast recipients: confirmed, active, non-demo subscribers of the item's topic on an
 * enabled channel. Correction recipients: whoever the broadcast reached (sent, or in flight), never a demo subscriber.
 * On PostgreSQL, instances skip a row another one is expanding (FOR UPDATE SKIP LOCKED).
 * Returns false when there was nothing to expand.
 */
export async function expandNextOutbox(
  db: Kysely<Database>,
  engine: Engine,
  enabled: string[],
  at = new Date(),
  /** EVENT_QUIET_HOURS: an event's messages made in them wait until they end (quiet-hours.ts). */
  quietHours: QuietHours | null = null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let pick = trx
      .selectFrom('outbox')
      .selectAll()
      .where('state', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1);
    if (engine === 'postgres') pick = pick.forUpdate().skipLocked();
    const row = await pick.executeTakeFirst();
    if (!row) return false;
    const now = at.toISOString();
    const start =
      row.kind === 'events' && quietHours
        ? (await trx.selectFrom('events').select('date_time').where('id', '=', row.item_id).executeTakeFirst())
            ?.date_time
        : undefined;
    // When the messages may go: now, or for an event published in the quiet hours, when they end.
    const due =
      row.kind === 'events' ? (quietHoursEnd(new Date(row.created_at), quietHours, start)?.toISOString() ?? now) : now;
    if (enabled.length > 0) {
      const columns = [
        'outbox_id',
        'subscriber_id',
        'channel',
        'state',
        'attempts',
        'next_attempt_at',
        'updated_at',
        'priority',
      ] as const;
      // One pending delivery per recipient row `s` (a subscriber), in the order of `columns`.
      const delivery = [
        sql<string>`cast(${row.id} as text)`.as('outbox_id'),
        's.id as subscriber_id',
        's.channel',
        sql<string>`cast('pending' as text)`.as('state'),
        sql<number>`0`.as('attempts'),
        sql<string>`cast(${due} as text)`.as('next_attempt_at'),
        sql<string>`cast(${now} as text)`.as('updated_at'),
        // A janaza notice's messages, and its corrections', go before any event's (claim.ts).
        sql<number>`${sql.lit(row.kind === 'janaza' ? 0 : 1)}`.as('priority'),
      ] as const;
      const recipients =
        row.number === 0
          ? trx
              .selectFrom('subscribers as s')
              .select(delivery)
              .where('s.active', '=', 1)
              .where('s.confirmed', '=', 1)
              .where('s.demo', '=', 0)
              .where(row.kind === 'janaza' ? 's.topic_janaza' : 's.topic_events', '=', 1)
              .where('s.channel', 'in', enabled)
          : trx
              .selectFrom('deliveries as d')
              .innerJoin('outbox as b', 'b.id', 'd.outbox_id')
              .innerJoin('subscribers as s', 's.id', 'd.subscriber_id')
              .select(delivery)
              .where('b.kind', '=', row.kind)
              .where('b.item_id', '=', row.item_id)
              .where('b.number', '=', 0)
              .where('d.state', 'in', ['sent', 'sending'])
              .where('s.active', '=', 1)
              .where('s.demo', '=', 0)
              .where('s.channel', 'in', enabled);
      await trx
        .insertInto('deliveries')
        .columns(columns)
        .expression(recipients)
        .onConflict((oc) => oc.columns(['outbox_id', 'subscriber_id']).doNothing())
        .execute();
    }
    await trx.updateTable('outbox').set({ state: 'expanded', expanded_at: now }).where('id', '=', row.id).execute();
    return true;
  });
}
