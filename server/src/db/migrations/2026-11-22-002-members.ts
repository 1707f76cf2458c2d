import type { Kysely } from 'kysely';

/**
 * Members, masjids and partners (docs/product/data.md#member). Masjids and partners are the
 * providers a janaza notice is linked to.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date_of_birth', 'text')
    .addColumn('postal', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_partner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_volunteer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('business_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('uen', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('membership_status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('registered_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('members_position').on('members').column('position').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('members').execute();
}
