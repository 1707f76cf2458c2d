import type { Rights } from '@ummahnotify/domain';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import { audit } from '../audit';
import type { Database } from '../db/schema';
import { HttpError } from '../web/errors';

type Trx = Transaction<Database>;

/**
 * What a committee member gives the account with the same verified email: its rights while it is a
 * backend user. The session guard reads rights from users on every call, so a change here reaches
 * open sessions at their next call; an account that does not exist yet gets them at first sign-in.
 */
export interface Grant {
  email: string;
  rights: Rights;
}

export function grantOf(m: { email: string; rights: Rights; backendUser: boolean } | null): Grant | null {
  return m?.backendUser ? { email: m.email, rights: m.rights } : null;
}

/** The rights a committee member gives this email at sign-in, or undefined when none applies. */
export async function committeeRightsFor(db: Kysely<Database> | Trx, email: string): Promise<Rights | undefined> {
  const row = await db
    .selectFrom('committee_members')
    .select(['rights', 'backend_user'])
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.backend_user === 1 ? (row.rights as Rights) : undefined;
}

/**
 * Moves the account rights from one grant to the next, inside the caller's transaction: the old
 * email's account loses its rights when the grant ends or moves; the new one gets the granted rights.
 * Refuses (409) when no superadmin account would be left.
 */
export async function moveGrant(trx: Trx, before: Grant | null, after: Grant | null, actorId: string): Promise<void> {
  const changes = new Map<string, Rights>();
  if (before && before.email !== after?.email) changes.set(before.email, 'none');
  if (after) changes.set(after.email, after.rights);
  if (changes.size === 0) return;

  // PostgreSQL: lock the superadmin rows so two demotions at once cannot both pass the check below.
  // SQLite runs one transaction at a time.
  let superadmins = trx.selectFrom('users').select(['id', 'email']).where('rights', '=', 'superadmin');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) superadmins = superadmins.forUpdate();
  const remaining = new Set((await superadmins.execute()).map((u) => u.email));
  const accounts = await trx
    .selectFrom('users')
    .select(['id', 'email', 'rights'])
    .where('email', 'in', [...changes.keys()])
    .execute();
  const changed = accounts.filter((a) => a.rights !== changes.get(a.email));
  if (changed.length === 0) return;

  const hadSuperadmin = remaining.size > 0;
  for (const a of changed) {
    if (changes.get(a.email) === 'superadmin') remaining.add(a.email);
    else remaining.delete(a.email);
  }
  if (hadSuperadmin && remaining.size === 0) {
    const last = changed.find((a) => a.rights === 'superadmin');
    throw new HttpError(
      409,
      `${last?.email ?? 'This account'} is the last superadmin. Make another committee member superadmin first, then change or remove this one.`,
    );
  }

  const now = new Date().toISOString();
  for (const a of changed) {
    const rights = changes.get(a.email) as Rights;
    await trx.updateTable('users').set({ rights, updated_at: now }).where('id', '=', a.id).execute();
    await audit(trx, {
      actorId,
      action: 'user.rights-from-committee',
      entity: 'user',
      entityId: a.id,
      before: { rights: a.rights },
      after: { rights },
    });
  }
}
