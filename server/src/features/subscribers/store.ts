import type { SubscriberListQuery, SubscriberUpdate } from '@ummahnotify/domain';
import { audit } from '../../audit';
import type { Db } from '../../db/connect';
import { containsAny } from '../../db/contains';
import { afterCursor, createdKey, page } from '../../db/keyset';
import { HttpError } from '../../web/errors';
import { type SubscriberRow, toSubscriber } from './json';

/** One page of subscribers, newest first, with the filters of the list query. */
export async function listSubscribers(
  db: Db,
  query: SubscriberListQuery,
): Promise<{ rows: SubscriberRow[]; nextCursor: string | null }> {
  let q = db.selectFrom('subscribers').selectAll();
  if (query.channel) q = q.where('channel', '=', query.channel);
  if (query.topic === 'janaza') q = q.where('topic_janaza', '=', 1);
  if (query.topic === 'events') q = q.where('topic_events', '=', 1);
  if (query.status === 'deactivated') q = q.where('active', '=', 0);
  if (query.status === 'confirmed') q = q.where('active', '=', 1).where('confirmed', '=', 1);
  if (query.status === 'pending') q = q.where('active', '=', 1).where('confirmed', '=', 0);
  if (query.q) q = q.where(containsAny(['address'], query.q));
  if (query.cursor) q = q.where(afterCursor(query.cursor));
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return page(rows, query.limit, createdKey);
}

/**
 * Changes a subscriber's topics or language, or deactivates it; audited in the same transaction.
 * Reactivation is refused: only the person, by signing up again, may start messages again.
 */
export async function updateSubscriber(db: Db, change: SubscriberUpdate, actorId: string): Promise<SubscriberRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('subscribers').selectAll().where('id', '=', change.id).executeTakeFirst();
    if (!before) throw new HttpError(404, 'That subscriber does not exist (it may have been removed).');
    if (change.active === true && before.active !== 1) {
      throw new HttpError(
        409,
        'A deactivated subscriber cannot be switched back on here: they can sign up again themselves.',
      );
    }
    const now = new Date().toISOString();
    const set: Partial<SubscriberRow> = { updated_at: now };
    if (change.topics) {
      set.topic_janaza = change.topics.includes('janaza') ? 1 : 0;
      set.topic_events = change.topics.includes('events') ? 1 : 0;
    }
    if (change.language) set.language = change.language;
    if (change.active === false && before.active === 1) {
      set.active = 0;
      set.deactivated_at = now;
    }
    await trx.updateTable('subscribers').set(set).where('id', '=', change.id).execute();
    const after = { ...before, ...set };
    await audit(trx, {
      actorId,
      action: change.active === false && before.active === 1 ? 'subscriber.deactivated' : 'subscriber.updated',
      entity: 'subscriber',
      entityId: before.id,
      before: toSubscriber(before),
      after: toSubscriber(after),
    });
    return after;
  });
}
