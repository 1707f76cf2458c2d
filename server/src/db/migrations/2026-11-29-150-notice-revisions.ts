import type { Kysely } from 'kysely';

/**
 * janaza_notices.revision: how many times a notice was changed after it was written (an edit, a withdrawal). Its
 * calendar file carries it as SEQUENCE (RFC 5545 §3.8.7.4), so a calendar that imported the notice takes a corrected
 * time or place, or the cancellation, in place of what it holds. A notice withdrawn before this column starts at 1,
 * above the 0 its standing file carried.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('janaza_notices')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('janaza_notices').set({ revision: 1 }).where('withdrawn_at', 'is not', null).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('janaza_notices').dropColumn('revision').execute();
}
