import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../counter-triggers';

/**
 * What several server instances on one database share (docs/decisions/2026-11-24-instances-share-state-through-the-database.md): the image bytes (uploads were files
 * in each instance's DATA_DIR), the generated keys (session secret, VAPID), the rate-limit counters,
 * and the leases of the periodic jobs.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`;
  // Null until a file from DATA_DIR/uploads is imported, or when the bytes live in a bucket.
  await db.schema.alterTable('uploads').addColumn('full_image', bytes).execute();
  await db.schema.alterTable('uploads').addColumn('thumb_image', bytes).execute();

  await db.schema
    .createTable('instance_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // reset_at in milliseconds since 1970 (bigint: beyond 32 bits).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('holder', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('instance_keys').execute();
  await db.schema.alterTable('uploads').dropColumn('thumb_image').execute();
  await db.schema.alterTable('uploads').dropColumn('full_image').execute();
}
