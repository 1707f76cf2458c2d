import { type Kysely, sql } from 'kysely';

/**
 * The delivery engine (server/src/delivery) and public sign-up (features/signup).
 * - outbox: one row per sending of an item: the broadcast (number 0) written in the same transaction
 *   as the approval or publication, and each deliberate correction (1, 2, ...). Unique per item and
 *   number, so approving again cannot broadcast again.
 * - deliveries: one row per sending and subscriber, keyed by both; state pending -> sending -> sent or
 *   failed, written before and after each send.
 * - signup_requests: a pending email confirmation, Telegram deep-link token or WhatsApp code, with
 *   the topics and language chosen; only a hash of the secret is kept.
 * - subscribers.token: the secret of the subscriber's unsubscribe link; subscribers.demo marks the
 *   demo seed's made-up people, whom the engine never sends to.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscribers').addColumn('token', 'text').execute();
  await db.schema
    .alterTable('subscribers')
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('subscribers_token').unique().on('subscribers').column('token').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expanded_at', 'text')
    .addUniqueConstraint('outbox_item_number', ['kind', 'item_id', 'number'])
    .execute();
  await db.schema.createIndex('outbox_state').on('outbox').columns(['state', 'created_at']).execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('outbox_id', 'text', (c) => c.notNull())
    .addColumn('subscriber_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deliveries_pk', ['outbox_id', 'subscriber_id'])
    .execute();
  // Only due work is indexed (partial index): a delivery leaves it once claimed, and sending or
  // recording a result then touches no index. Counts per sending read the primary key's outbox_id prefix.
  await db.schema
    .createIndex('deliveries_due')
    .on('deliveries')
    .columns(['channel', 'next_attempt_at'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('signup_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('topic_janaza', 'integer', (c) => c.notNull())
    .addColumn('topic_events', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('signup_requests_secret').unique().on('signup_requests').column('secret_hash').execute();
  await db.schema
    .createIndex('signup_requests_address')
    .on('signup_requests')
    .columns(['channel', 'address', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signup_requests').execute();
  await db.schema.dropTable('deliveries').execute();
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropIndex('subscribers_token').execute();
  await db.schema.alterTable('subscribers').dropColumn('token').execute();
  await db.schema.alterTable('subscribers').dropColumn('demo').execute();
}
