import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Unsubscribe tokens are no longer kept in clear: a leaked database must not let anyone
 * unsubscribe people. subscribers.token becomes
 * - token_hash: SHA-256 of the subscriber's current link token (an HMAC of the subscriber's id under
 *   the server's key, made again for every email: features/signup/unsubscribe-token.ts), and
 * - legacy_token_hash: SHA-256 of the random token this row had before, so the links in emails
 *   already sent keep working.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscribers').addColumn('token_hash', 'text').execute();
  await db.schema.alterTable('subscribers').addColumn('legacy_token_hash', 'text').execute();
  const rows = await db.selectFrom('subscribers').select(['id', 'token']).where('token', 'is not', null).execute();
  for (const row of rows) {
    const hash = createHash('sha256').update(String(row.token)).digest('hex');
    await db.updateTable('subscribers').set({ legacy_token_hash: hash }).where('id', '=', row.id).execute();
  }
  await db.schema.dropIndex('subscribers_token').execute();
  await db.schema.alterTable('subscribers').dropColumn('token').execute();
  await db.schema.createIndex('subscribers_token_hash').unique().on('subscribers').column('token_hash').execute();
  await db.schema
    .createIndex('subscribers_legacy_token_hash')
    .unique()
    .on('subscribers')
    .column('legacy_token_hash')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subscribers_legacy_token_hash').execute();
  await db.schema.dropIndex('subscribers_token_hash').execute();
  await db.schema.alterTable('subscribers').dropColumn('legacy_token_hash').execute();
  await db.schema.alterTable('subscribers').dropColumn('token_hash').execute();
  await db.schema.alterTable('subscribers').addColumn('token', 'text').execute();
  await db.schema.createIndex('subscribers_token').unique().on('subscribers').column('token').execute();
}
