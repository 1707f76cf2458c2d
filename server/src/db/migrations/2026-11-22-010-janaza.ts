import type { Kysely } from 'kysely';

/**
 * Janaza notices (docs/product/data.md#janaza-notice). The provider's name and contact are copied onto the notice
 * when it is saved, so a notice keeps reading right after its provider is edited or removed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('janaza_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider_id', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('provider_name', 'text', (c) => c.notNull())
    .addColumn('provider_contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('age', 'integer', (c) => c.notNull())
    .addColumn('postal', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo('male'))
    .addColumn('is_privacy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'text', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('status_changed_at', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('janaza_notices_created').on('janaza_notices').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('janaza_notices_status').on('janaza_notices').column('status').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('janaza_notices').execute();
}
