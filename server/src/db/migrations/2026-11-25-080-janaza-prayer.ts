import type { Kysely } from 'kysely';

/**
 * Prayer-tied time (docs/decisions/2026-11-25-prayer-tied-janaza-time.md): the daily prayer a janaza prayer follows (subuh, zohor, asar, maghrib,
 * isyak). due_date then holds that prayer's computed time; null for a notice given at an exact time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('janaza_notices').addColumn('prayer', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('janaza_notices').dropColumn('prayer').execute();
}
