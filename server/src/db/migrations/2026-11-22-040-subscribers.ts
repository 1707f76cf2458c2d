import type { Kysely } from 'kysely';

/**
 * Subscribers: one row per channel address (web push endpoint, email, phone, Telegram chat id).
 * The list pages newest first by (created_at, id), optionally within one channel.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('push_keys', 'text')
    .addColumn('topic_janaza', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('topic_events', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deactivated_at', 'text')
    .addUniqueConstraint('subscribers_channel_address', ['channel', 'address'])
    .execute();
  await db.schema.createIndex('subscribers_created').on('subscribers').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('subscribers_channel_created')
    .on('subscribers')
    .columns(['channel', 'created_at', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscribers').execute();
}
