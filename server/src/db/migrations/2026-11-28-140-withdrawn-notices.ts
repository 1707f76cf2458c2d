import type { Kysely } from 'kysely';

/**
 * A sent notice withdrawn (docs/decisions/2026-11-28-withdrawing-a-sent-notice.md):
 * - janaza_notices.withdrawn_at: when staff withdrew it (null while it stands), withdrawn_reason: why (staff only).
 * - outbox.cancellation: 1 for the sending that tells everyone the notice reached that it is cancelled.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('janaza_notices').addColumn('withdrawn_at', 'text').execute();
  await db.schema
    .alterTable('janaza_notices')
    .addColumn('withdrawn_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('cancellation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('cancellation').execute();
  await db.schema.alterTable('janaza_notices').dropColumn('withdrawn_reason').execute();
  await db.schema.alterTable('janaza_notices').dropColumn('withdrawn_at').execute();
}
