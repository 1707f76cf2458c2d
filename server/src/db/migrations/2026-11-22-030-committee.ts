import type { Kysely } from 'kysely';

/**
 * Committee members, the administrators (docs/product/data.md#committee-member). One who is a backend user gives
 * `rights` to the users row with the same verified email (matched on email, so no foreign key).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('committee_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('postal', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo('male'))
    .addColumn('rights', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('position', 'text', (c) => c.notNull().defaultTo('committee member'))
    .addColumn('backend_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('committee_members').execute();
}
