import { type Kysely, sql } from 'kysely';

/**
 * Retention of personal data (docs/decisions/2026-11-25-expiry-retention-activity.md) and the activity log.
 * - janaza_notices.personal_data_removed_at: when the retention job (features/retention) removed the
 *   notice's personal data; null until then. The job looks for due dates past the retention period
 *   among the notices still holding it (a partial index: removed notices leave it).
 * - audit_log (at, id) and (actor_id, at): the activity log's newest-first pages, all or one person's.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('janaza_notices').addColumn('personal_data_removed_at', 'text').execute();
  await db.schema
    .createIndex('janaza_notices_retention')
    .on('janaza_notices')
    .column('due_date')
    .where(sql.ref('personal_data_removed_at'), 'is', null)
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_at').on('audit_log').columns(['actor_id', 'at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_actor_at').execute();
  await db.schema.dropIndex('audit_log_at').execute();
  await db.schema.dropIndex('janaza_notices_retention').execute();
  await db.schema.alterTable('janaza_notices').dropColumn('personal_data_removed_at').execute();
}
