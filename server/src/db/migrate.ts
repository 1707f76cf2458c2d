import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connect';
import * as foundation from './migrations/2026-11-22-001-foundation';
import * as members from './migrations/2026-11-22-002-members';
import * as uploads from './migrations/2026-11-22-003-uploads';
import * as janaza from './migrations/2026-11-22-010-janaza';
import * as events from './migrations/2026-11-22-020-events';
import * as committee from './migrations/2026-11-22-030-committee';
import * as subscribers from './migrations/2026-11-22-040-subscribers';
import * as summary from './migrations/2026-11-22-041-summary';
import * as delivery from './migrations/2026-11-22-050-delivery';
import * as signInBinding from './migrations/2026-11-24-060-sign-in-binding';
import * as deliveryClaims from './migrations/2026-11-24-061-delivery-claims';
import * as unsubscribeTokenHashes from './migrations/2026-11-24-062-unsubscribe-token-hashes';
import * as instances from './migrations/2026-11-24-070-instances';
import * as janazaPrayer from './migrations/2026-11-25-080-janaza-prayer';
import * as retention from './migrations/2026-11-25-082-retention';
import * as auditNames from './migrations/2026-11-25-090-audit-names';
import * as deliveryPace from './migrations/2026-11-26-100-delivery-pace';
import * as signupProofs from './migrations/2026-11-26-115-signup-proofs';

/**
 * Migrations are listed here, in code, so the same list runs on both engines and in bundled builds.
 * A section adds its file to this map under a new, later name.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-001-foundation': foundation,
  '2026-11-22-002-members': members,
  '2026-11-22-003-uploads': uploads,
  '2026-11-22-010-janaza': janaza,
  '2026-11-22-020-events': events,
  '2026-11-22-030-committee': committee,
  '2026-11-22-040-subscribers': subscribers,
  '2026-11-22-041-summary': summary,
  '2026-11-22-050-delivery': delivery,
  '2026-11-24-060-sign-in-binding': signInBinding,
  '2026-11-24-061-delivery-claims': deliveryClaims,
  '2026-11-24-062-unsubscribe-token-hashes': unsubscribeTokenHashes,
  '2026-11-24-070-instances': instances,
  '2026-11-25-080-janaza-prayer': janazaPrayer,
  '2026-11-25-082-retention': retention,
  '2026-11-25-090-audit-names': auditNames,
  '2026-11-26-100-delivery-pace': deliveryPace,
  '2026-11-26-115-signup-proofs': signupProofs,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

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
