import type { Kysely } from 'kysely';

/**
 * events.revision: how many times an event was edited after it was written. Its calendar file carries it as SEQUENCE
 * (RFC 5545 §3.8.7.4), so a calendar that imported the event takes a changed time or place in place of what it holds,
 * as janaza_notices.revision does for a notice (2026-11-29-150).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('revision').execute();
}
