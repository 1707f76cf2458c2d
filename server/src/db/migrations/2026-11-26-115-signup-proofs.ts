import type { Kysely } from 'kysely';

/**
 * The ALTCHA proofs of work already spent on a sign-up (features/signup/proof.ts), so that one solved
 * challenge sends one code or mail, whichever instance it reaches. A row is kept until its challenge
 * expires (after that the challenge itself is refused), keyed by a hash of the challenge's signature.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_proofs')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signup_proofs_expires').on('signup_proofs').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signup_proofs').execute();
}
