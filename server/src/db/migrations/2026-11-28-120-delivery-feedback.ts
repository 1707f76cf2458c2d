import { type Kysely, sql } from 'kysely';

/**
 * What happens after a message leaves (docs/decisions/2026-11-28-delivery-that-hears-back.md):
 * - deliveries.provider_id: the provider's id of the sent message (WhatsApp's wamid), by which its later
 *   status webhook finds the delivery; indexed where set.
 * - deliveries.receipt: what the provider reported after accepting it: 'delivered' or 'read' (never back).
 * - deliveries.error_code: the failure's cause, '<provider>:<code>' (whatsapp:131026, smtp:5.1.1,
 *   bounce:5.1.1, complaint, telegram:403, ...), which staff see grouped with its count.
 * - subscribers.soft_bounces: temporary bounces in a row (an address is retired after three).
 * - channel_pauses: a channel paused for an account-level refusal (a paused template, a relay's 5.7.1, a
 *   revoked token), one row per paused channel, shared by every instance; it is tried again at `until`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('provider_id', 'varchar(255)').execute();
  await db.schema.alterTable('deliveries').addColumn('receipt', 'varchar(16)').execute();
  await db.schema.alterTable('deliveries').addColumn('error_code', 'varchar(64)').execute();
  await db.schema
    .createIndex('deliveries_provider_id')
    .on('deliveries')
    .column('provider_id')
    .where(sql.ref('provider_id'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('subscribers')
    .addColumn('soft_bounces', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('channel_pauses')
    .addColumn('channel', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_pauses').execute();
  await db.schema.alterTable('subscribers').dropColumn('soft_bounces').execute();
  await db.schema.dropIndex('deliveries_provider_id').execute();
  await db.schema.alterTable('deliveries').dropColumn('error_code').execute();
  await db.schema.alterTable('deliveries').dropColumn('receipt').execute();
  await db.schema.alterTable('deliveries').dropColumn('provider_id').execute();
}
