import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connect';
import * as foundation from './migrations/2026-11-22-001-foundation';
import * as members from './migrations/2026-11-22-002-members';
import * as uploads from './migrations/2026-11-22-003-uploads';

/**
 * Migrations are listed here, in code, so the same list runs on both engines and in bundled builds.
 * A section adds its file to this map under a new, later name.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-001-foundation': foundation,
  '2026-11-22-002-members': members,
  '2026-11-22-003-uploads': uploads,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
