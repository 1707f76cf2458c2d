import type { Kysely } from 'kysely';

/**
 * deliveries.claim: a random token written by the claim that marked the delivery `sending`. Only the
 * attempt holding it may record a result or renew the lease: a late answer to an attempt whose lease
 * was taken over matches no row and is dropped.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('claim', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').dropColumn('claim').execute();
}
