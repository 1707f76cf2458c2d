import type { Kysely } from 'kysely';

/**
 * Accounts are bound to their OIDC subject: a sign-in whose email matches an account bound to another
 * subject is refused, and the refused subject is kept here until a superadmin links it on purpose.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('refused_oidc_sub', 'text').execute();
  await db.schema.alterTable('users').addColumn('refused_at', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('refused_at').execute();
  await db.schema.alterTable('users').dropColumn('refused_oidc_sub').execute();
}
