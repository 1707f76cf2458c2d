import { type Kysely, sql } from 'kysely';

/**
 * The unsubscribe links a subscriber was sent before its current one, all of them
 * (docs/decisions/2026-11-28-one-key-per-purpose.md): their key is no longer the session secret, so each email
 * subscriber's link changes once, and the links already in inboxes must keep working. One column per subscriber
 * (subscribers.legacy_token_hash) held one older link; a row per link holds any number:
 * - unsubscribe_legacy_tokens(legacy_token_hash, subscriber_id, created_at): the SHA-256 of a link's secret the
 *   subscriber was sent, kept when the delivery engine gives the subscriber a new one (delivery/claim.ts), gone
 *   with the subscriber.
 * The hashes subscribers.legacy_token_hash held (the random tokens from before the links were HMACs) move there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unsubscribe_legacy_tokens')
    .addColumn('legacy_token_hash', 'text', (c) => c.primaryKey())
    .addColumn('subscriber_id', 'text', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unsubscribe_legacy_tokens_subscriber')
    .on('unsubscribe_legacy_tokens')
    .column('subscriber_id')
    .execute();
  await db
    .insertInto('unsubscribe_legacy_tokens')
    .columns(['legacy_token_hash', 'subscriber_id', 'created_at'])
    .expression(
      db
        .selectFrom('subscribers')
        .select(['legacy_token_hash', 'id', sql.lit(new Date().toISOString()).as('created_at')])
        .where('legacy_token_hash', 'is not', null),
    )
    .execute();
  await db.schema.dropIndex('subscribers_legacy_token_hash').execute();
  await db.schema.alterTable('subscribers').dropColumn('legacy_token_hash').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscribers').addColumn('legacy_token_hash', 'text').execute();
  // One older link per subscriber fits the column: the first one kept.
  const kept = await db
    .selectFrom('unsubscribe_legacy_tokens')
    .select(['subscriber_id', 'legacy_token_hash'])
    .orderBy('created_at')
    .orderBy('legacy_token_hash')
    .execute();
  const first = new Map<string, string>();
  for (const row of kept) if (!first.has(row.subscriber_id)) first.set(row.subscriber_id, row.legacy_token_hash);
  for (const [id, hash] of first)
    await db.updateTable('subscribers').set({ legacy_token_hash: hash }).where('id', '=', id).execute();
  await db.schema
    .createIndex('subscribers_legacy_token_hash')
    .unique()
    .on('subscribers')
    .column('legacy_token_hash')
    .execute();
  await db.schema.dropTable('unsubscribe_legacy_tokens').execute();
}
