import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator } from 'kysely';
import type { Db } from './connect';

/**
 * Every file of migrations/, run in the order of its name (a date, then a number), on both engines. A
 * section adds its migration as a new file with a later name; nothing else lists it.
 */
const provider = new FileMigrationProvider({
  fs,
  path,
  migrationFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
});

// Sections add migrations on their own schedule; one added with an earlier name must still run.
export const migratorFor = (db: Db): Migrator => new Migrator({ db, provider, allowUnorderedMigrations: true });

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
