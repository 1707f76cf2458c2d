import { randomUUID } from 'node:crypto';
import type { ProtectedUser, Role } from '@ummahnotify/shared/domain';
import { audit } from '../audit';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { committeeRightsFor } from '../features/committee/account-rights';
import type { VerifiedIdentity } from './oidc';

/**
 * Creates or updates the account behind a verified sign-in. The account is found by issuer subject,
 * else by verified email (accounts made ahead of time, e.g. seeded demo staff). Rights: SUPERADMIN_EMAILS
 * always become superadmin; a committee member who is a backend user gets the rights assigned to it
 * (this is how an assignment reaches an account that did not exist yet); everyone else keeps their
 * rights or starts with none.
 */
export async function upsertSignedInUser(db: Db, id: VerifiedIdentity, superadminEmails: string[]): Promise<UserRow> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const existing =
      (await trx.selectFrom('users').selectAll().where('oidc_sub', '=', id.sub).executeTakeFirst()) ??
      (await trx.selectFrom('users').selectAll().where('email', '=', id.email).executeTakeFirst());
    const promoted = superadminEmails.includes(id.email);
    const granted = promoted ? undefined : await committeeRightsFor(trx, id.email);
    const source = promoted ? 'superadmin-emails' : 'committee';
    if (!existing) {
      const user: UserRow = {
        id: randomUUID(),
        oidc_sub: id.sub,
        email: id.email,
        first_name: id.givenName,
        last_name: id.familyName,
        rights: promoted ? 'superadmin' : (granted ?? 'none'),
        activated: 1,
        created_at: now,
        updated_at: now,
        last_sign_in_at: now,
      };
      await trx.insertInto('users').values(user).execute();
      await audit(trx, { actorId: user.id, action: 'user.created', entity: 'user', entityId: user.id, after: user });
      return user;
    }
    const changes = {
      oidc_sub: id.sub,
      email: id.email,
      first_name: id.givenName || existing.first_name,
      last_name: id.familyName || existing.last_name,
      rights: promoted ? 'superadmin' : (granted ?? existing.rights),
      updated_at: now,
      last_sign_in_at: now,
    };
    await trx.updateTable('users').set(changes).where('id', '=', existing.id).execute();
    if (changes.rights !== existing.rights) {
      await audit(trx, {
        actorId: existing.id,
        action: `user.rights-from-${source}`,
        entity: 'user',
        entityId: existing.id,
        before: { rights: existing.rights },
        after: { rights: changes.rights },
      });
    }
    return { ...existing, ...changes };
  });
}

export function toProtectedUser(user: UserRow): ProtectedUser {
  return {
    _id: user.id,
    fName: user.first_name,
    lName: user.last_name,
    email: user.email,
    rights: user.rights as Role,
    activated: user.activated === 1,
  };
}
