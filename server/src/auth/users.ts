import { randomUUID } from 'node:crypto';
import type { SignInError } from '@ummahnotify/core';
import {
  DEMO_EMAIL_DOMAIN,
  isDemoEmail,
  LEGACY_DEMO_EMAIL_DOMAIN,
  type ProtectedUser,
  type RefusedSignIn,
  roleSchema,
} from '@ummahnotify/domain';
import { audit } from '../audit';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { HttpError } from '../web/errors';
import { committeeRightsFor } from './account-rights';
import type { VerifiedIdentity } from './oidc';

export interface SignInPolicy {
  superadminEmails: string[];
  /** Demo mode: the demo accounts may sign in (they never may otherwise). */
  demo: boolean;
}

export type SignInOutcome = { user: UserRow } | { refused: Extract<SignInError, 'account-bound' | 'demo-account'> };

/**
 * Creates or updates the account behind a verified sign-in. An account belongs to the OIDC subject it
 * was first signed in with: it is found by subject; an email match counts only for an account that
 * has no subject yet (made ahead of time, e.g. seeded demo staff). An email match bound to another
 * subject (a recycled address, another Google account) is refused and the refused subject recorded,
 * so a superadmin can link it on purpose (linkRefusedSubject). Rights: SUPERADMIN_EMAILS always
 * become superadmin; a committee member who is a backend user gives the rights assigned to it (this is
 * how an assignment reaches an account that did not exist yet); everyone else keeps their rights or
 * starts with none.
 */
export async function upsertSignedInUser(db: Db, id: VerifiedIdentity, policy: SignInPolicy): Promise<SignInOutcome> {
  if (!policy.demo && isDemoEmail(id.email)) return { refused: 'demo-account' };
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const bySubject = await trx.selectFrom('users').selectAll().where('oidc_sub', '=', id.sub).executeTakeFirst();
    const byEmail =
      bySubject?.email === id.email
        ? bySubject
        : await trx.selectFrom('users').selectAll().where('email', '=', id.email).executeTakeFirst();
    if (byEmail && byEmail.id !== bySubject?.id && (bySubject || byEmail.oidc_sub !== null)) {
      await trx
        .updateTable('users')
        .set({ refused_oidc_sub: id.sub, refused_at: now })
        .where('id', '=', byEmail.id)
        .execute();
      await audit(trx, {
        actorId: null,
        action: 'user.sign-in-refused',
        entity: 'user',
        entityId: byEmail.id,
        after: { reason: 'email belongs to an account bound to another subject' },
      });
      return { refused: 'account-bound' as const };
    }
    const existing = bySubject ?? byEmail;
    const promoted = policy.superadminEmails.includes(id.email);
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
        refused_oidc_sub: null,
        refused_at: null,
      };
      await trx.insertInto('users').values(user).execute();
      await audit(trx, { actorId: user.id, action: 'user.created', entity: 'user', entityId: user.id, after: user });
      return { user };
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
    return { user: { ...existing, ...changes } };
  });
}

/**
 * A superadmin's deliberate choice: the account now belongs to the subject whose sign-in was refused
 * last. Its open sessions end (they were the previous owner's). Undefined when nothing waits.
 */
export async function linkRefusedSubject(db: Db, userId: string, actorId: string): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row?.refused_oidc_sub) return undefined;
    const owner = await trx
      .selectFrom('users')
      .select('email')
      .where('oidc_sub', '=', row.refused_oidc_sub)
      .executeTakeFirst();
    if (owner) {
      throw new HttpError(
        409,
        `That Google account already has its own account (${owner.email}); one Google account, one account.`,
      );
    }
    const now = new Date().toISOString();
    const changes = { oidc_sub: row.refused_oidc_sub, refused_oidc_sub: null, refused_at: null, updated_at: now };
    await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await audit(trx, {
      actorId,
      action: 'user.sign-in-linked',
      entity: 'user',
      entityId: userId,
      before: { oidc_sub: row.oidc_sub },
      after: { oidc_sub: row.refused_oidc_sub },
    });
    return { ...row, ...changes };
  });
}

/** Accounts with a refused sign-in waiting for a superadmin's link, latest first. */
export async function listRefusedSignIns(db: Db): Promise<RefusedSignIn[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'refused_at'])
    .where('refused_oidc_sub', 'is not', null)
    .orderBy('refused_at', 'desc')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    email: r.email,
    fName: r.first_name,
    lName: r.last_name,
    refusedAt: r.refused_at ?? '',
  }));
}

export function toProtectedUser(user: UserRow): ProtectedUser {
  return {
    _id: user.id,
    fName: user.first_name,
    lName: user.last_name,
    email: user.email,
    rights: roleSchema.parse(user.rights),
    activated: user.activated === 1,
  };
}

/** Demo accounts in a database that runs outside demo mode: they cannot sign in, start-up says so. */
export async function countDemoAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where((eb) =>
      eb.or([eb('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`), eb('email', 'like', `%@${LEGACY_DEMO_EMAIL_DOMAIN}`)]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
