import type { Kysely } from 'kysely';

/** Events (docs/product/data.md#event), with the pasted AI answer they were drafted from and their poster upload. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('heading_ta', 'text', (c) => c.notNull())
    .addColumn('sub_heading', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sub_heading_ta', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_ta', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_ta', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('registration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('service_type', 'text', (c) => c.notNull().defaultTo('general'))
    .addColumn('date_time', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text')
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'text')
    .addColumn('ai_source', 'text')
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_date_time').on('events').columns(['date_time', 'id']).execute();
  await db.schema.createIndex('events_published').on('events').column('published').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('events').execute();
}
