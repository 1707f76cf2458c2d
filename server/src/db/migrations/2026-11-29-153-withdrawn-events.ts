import type { Kysely } from 'kysely';

/**
 * A published event withdrawn (docs/decisions/2026-11-29-withdrawing-a-published-event.md), as a janaza notice is
 * (2026-11-28-140): events.withdrawn_at, when staff withdrew it (null while it stands), and withdrawn_reason, why
 * (staff only). Its cancellation is an outbox sending marked `cancellation`, as a notice's.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('withdrawn_at', 'text').execute();
  await db.schema
    .alterTable('events')
    .addColumn('withdrawn_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('withdrawn_reason').execute();
  await db.schema.alterTable('events').dropColumn('withdrawn_at').execute();
}
