import { type Kysely, sql } from 'kysely';

/**
 * Paced delivery (delivery/pace):
 * - deliveries.priority: 0 for a janaza notice's messages (and its corrections), 1 for an event's;
 *   claims take the lowest first, so a janaza goes before any event on every channel and instance.
 * - deliveries.waiting: why a pending delivery waits, for staff: 'pace' (the provider asked us to
 *   slow down) or 'limit' (the WhatsApp number's daily messaging limit); null otherwise.
 * - deliveries_due is rebuilt on (channel, priority, next_attempt_at) for that order; an index on
 *   subscriber_id finds a person's other messages (one chat a second, the WhatsApp pair rate).
 * - delivery_pace: the shared rate budgets of rate-limiter-flexible's PostgreSQL / SQLite stores,
 *   in the columns those stores use (key, points, expire), made here so the schema stays in migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deliveries')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('deliveries').addColumn('waiting', 'text').execute();
  await sql`update deliveries set priority = 0 where outbox_id in (select id from outbox where kind = 'janaza')`.execute(
    db,
  );
  await db.schema.dropIndex('deliveries_due').execute();
  await db.schema
    .createIndex('deliveries_due')
    .on('deliveries')
    .columns(['channel', 'priority', 'next_attempt_at'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema.createIndex('deliveries_subscriber').on('deliveries').column('subscriber_id').execute();
  await db.schema
    .createTable('delivery_pace')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_pace').execute();
  await db.schema.dropIndex('deliveries_subscriber').execute();
  await db.schema.dropIndex('deliveries_due').execute();
  await db.schema
    .createIndex('deliveries_due')
    .on('deliveries')
    .columns(['channel', 'next_attempt_at'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema.alterTable('deliveries').dropColumn('waiting').execute();
  await db.schema.alterTable('deliveries').dropColumn('priority').execute();
}
