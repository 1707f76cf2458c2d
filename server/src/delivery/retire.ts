import type { Topic } from '@ummahnotify/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The subscriptions are gone (an unknown mailbox, a blocked bot, a number not on WhatsApp): nothing more is sent. */
export async function retireSubscribers(db: Db, ids: string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('subscribers')
    .set({ active: 0, deactivated_at: now, updated_at: now })
    .where('id', 'in', ids)
    .where('active', '=', 1)
    .execute();
}

/**
 * The people stopped one topic (WhatsApp 131050: marketing messages, which events are): it is turned off,
 * and a subscription left with no topic is retired.
 */
export async function stopTopic(db: Db, ids: string[], topic: Topic, now: string): Promise<void> {
  if (ids.length === 0) return;
  const column = topic === 'janaza' ? 'topic_janaza' : 'topic_events';
  const other = topic === 'janaza' ? 'topic_events' : 'topic_janaza';
  await db
    .updateTable('subscribers')
    .set({ [column]: 0, updated_at: now })
    .where('id', 'in', ids)
    .execute();
  await retireSubscribers(
    db,
    (await db.selectFrom('subscribers').select('id').where('id', 'in', ids).where(other, '=', 0).execute()).map(
      (r) => r.id,
    ),
    now,
  );
}
