import type { Kysely } from 'kysely';

/**
 * delivery_switch: delivery switched off by a superadmin for maintenance, a restore or a provider problem
 * (docs/decisions/2026-11-29-delivery-switch.md), one row per switched-off scope ('all' or a channel) with the
 * reason, who and since when. Shared by every instance: none claims a switched-off channel's deliveries.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('delivery_switch')
    .addColumn('scope', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('paused_by', 'varchar(64)')
    .addColumn('since', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_switch').execute();
}
