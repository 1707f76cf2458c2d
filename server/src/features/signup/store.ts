import { randomUUID } from 'node:crypto';
import type { Language, SubscriberChannel, Topic } from '@ummahnotify/core';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { SignupRequestsTable, SubscribersTable } from '../../db/schema';
import { sha256 } from '../../secrets';

export type SignupRequestRow = Selectable<SignupRequestsTable>;
export type SubscriberRow = Selectable<SubscribersTable>;

export interface Choice {
  topics: Topic[];
  language: Language;
}

const topicColumns = (topics: Topic[]) => ({
  topic_janaza: topics.includes('janaza') ? 1 : 0,
  topic_events: topics.includes('events') ? 1 : 0,
});

/** The topics and language a sign-up request was made with. */
export const choiceOf = (row: SignupRequestRow): Choice => ({
  topics: [
    ...(Number(row.topic_janaza) === 1 ? (['janaza'] as const) : []),
    ...(Number(row.topic_events) === 1 ? (['events'] as const) : []),
  ],
  language: row.language === 'ta' ? 'ta' : 'en',
});

export interface ConfirmedSubscriber extends Choice {
  channel: SubscriberChannel;
  address: string;
  pushKeys?: string | null;
}

/**
 * One row per (channel, address): a new address is inserted, a known one (pending, confirmed or
 * deactivated) takes the new topics and language and receives again. Its unsubscribe link (and the
 * hash the database keeps of it) is made when the first email goes out (delivery/claim.ts).
 */
export async function upsertConfirmed(db: Db, s: ConfirmedSubscriber): Promise<SubscriberRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('subscribers')
    .values({
      id: randomUUID(),
      channel: s.channel,
      address: s.address,
      push_keys: s.pushKeys ?? null,
      ...topicColumns(s.topics),
      language: s.language,
      confirmed: 1,
      active: 1,
      created_at: now,
      updated_at: now,
      deactivated_at: null,
      demo: 0,
    })
    .onConflict((oc) =>
      oc.columns(['channel', 'address']).doUpdateSet((eb) => ({
        push_keys: s.pushKeys === undefined ? eb.ref('subscribers.push_keys') : eb.ref('excluded.push_keys'),
        topic_janaza: eb.ref('excluded.topic_janaza'),
        topic_events: eb.ref('excluded.topic_events'),
        language: eb.ref('excluded.language'),
        confirmed: 1,
        active: 1,
        updated_at: now,
        deactivated_at: null,
        // a confirmed (re)subscription starts the count of soft bounces in a row again (delivery/bounces)
        soft_bounces: 0,
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An address waiting for its confirmation: created pending when new, left exactly as it is when known. */
export async function insertPendingIfNew(
  db: Db,
  channel: SubscriberChannel,
  address: string,
  c: Choice,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('subscribers')
    .values({
      id: randomUUID(),
      channel,
      address,
      push_keys: null,
      ...topicColumns(c.topics),
      language: c.language,
      confirmed: 0,
      active: 1,
      created_at: now,
      updated_at: now,
      deactivated_at: null,
      demo: 0,
    })
    .onConflict((oc) => oc.columns(['channel', 'address']).doNothing())
    .execute();
}

export async function findSubscriber(
  db: Db,
  channel: SubscriberChannel,
  address: string,
): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom('subscribers')
    .selectAll()
    .where('channel', '=', channel)
    .where('address', '=', address)
    .executeTakeFirst();
}

/** Stops sending to the subscriber; deactivating twice keeps the first deactivation time. */
async function deactivateWhere(db: Db, where: { id: string }): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('subscribers')
    .set({ active: 0, deactivated_at: now, updated_at: now })
    .where('id', '=', where.id)
    .where('active', '=', 1)
    .execute();
}

/** The subscriber (channel, address), deactivated; undefined when unknown. */
export async function deactivateAddress(
  db: Db,
  channel: SubscriberChannel,
  address: string,
): Promise<SubscriberRow | undefined> {
  const row = await findSubscriber(db, channel, address);
  if (row) await deactivateWhere(db, row);
  return row;
}

/**
 * The subscriber whose unsubscribe secret this is (its current link, or one it was sent before:
 * unsubscribe_legacy_tokens), deactivated; undefined when unknown.
 */
export async function deactivateByToken(db: Db, token: string): Promise<SubscriberRow | undefined> {
  const hash = sha256(token);
  const row = await db
    .selectFrom('subscribers')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('token_hash', '=', hash),
        eb(
          'id',
          'in',
          eb.selectFrom('unsubscribe_legacy_tokens').select('subscriber_id').where('legacy_token_hash', '=', hash),
        ),
      ]),
    )
    .executeTakeFirst();
  if (row) await deactivateWhere(db, row);
  return row;
}

export interface NewRequest extends Choice {
  id?: string;
  channel: SubscriberChannel;
  address: string | null;
  secretHash: string;
  ip: string | null;
  ttlMs: number;
}

export async function insertRequest(db: Db, r: NewRequest): Promise<string> {
  const now = Date.now();
  const id = r.id ?? randomUUID();
  await db
    .insertInto('signup_requests')
    .values({
      id,
      channel: r.channel,
      address: r.address,
      secret_hash: r.secretHash,
      ...topicColumns(r.topics),
      language: r.language,
      attempts: 0,
      ip: r.ip,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + r.ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return id;
}

/** Marks an unexpired, unused request used; only one caller can win it. */
async function markUsed(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('signup_requests')
    .set({ used_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The request a link's secret belongs to, used up now; undefined when unknown, expired or already used. */
export async function redeemBySecret(
  db: Db,
  channel: SubscriberChannel,
  secretHash: string,
): Promise<SignupRequestRow | undefined> {
  const row = await db
    .selectFrom('signup_requests')
    .selectAll()
    .where('channel', '=', channel)
    .where('secret_hash', '=', secretHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  if (!row || !(await markUsed(db, row.id))) return undefined;
  return row;
}

/** The newest unexpired, unused request for an address (a WhatsApp code waiting to be typed). */
export async function latestOpenRequest(
  db: Db,
  channel: SubscriberChannel,
  address: string,
): Promise<SignupRequestRow | undefined> {
  return db
    .selectFrom('signup_requests')
    .selectAll()
    .where('channel', '=', channel)
    .where('address', '=', address)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one more code attempt unless the request already had `max`: the count and the comparison
 * are one statement, so parallel guesses cannot all read "4 so far" and all pass. False: no attempt left.
 */
export async function takeAttempt(db: Db, id: string, max: number): Promise<boolean> {
  const result = await db
    .updateTable('signup_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes the requests nothing needs any more: used or expired, and made before `keepSince`. Their IP
 * addresses go with them.
 */
export async function purgeRequests(db: Db, keepSince: Date): Promise<number> {
  const now = new Date().toISOString();
  const result = await db
    .deleteFrom('signup_requests')
    .where('created_at', '<', keepSince.toISOString())
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Removes the sign-ups never confirmed: pending subscribers made more than `lifetimeMs` ago (a
 * confirmation link's lifetime) with no link of theirs still open, and their expired requests.
 */
export async function removeExpiredPending(db: Db, lifetimeMs: number, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('subscribers as s')
      .select(['s.id', 's.channel', 's.address'])
      .where('s.confirmed', '=', 0)
      // the demo's sample people stay as seeded (some are shown unconfirmed on purpose)
      .where('s.demo', '=', 0)
      .where('s.created_at', '<', new Date(now.getTime() - lifetimeMs).toISOString())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('signup_requests as r')
              .select('r.id')
              .whereRef('r.channel', '=', 's.channel')
              .whereRef('r.address', '=', 's.address')
              .where('r.used_at', 'is', null)
              .where('r.expires_at', '>', at),
          ),
        ),
      )
      .execute();
    for (const row of pending) {
      await trx
        .deleteFrom('signup_requests')
        .where('channel', '=', row.channel)
        .where('address', '=', row.address)
        .where('expires_at', '<=', at)
        .execute();
      await trx.deleteFrom('subscribers').where('id', '=', row.id).where('confirmed', '=', 0).execute();
    }
    return pending.length;
  });
}

export { markUsed };
