import { randomUUID } from 'node:crypto';
import type { MemberPosition } from '@ummahnotify/core';
import {
  type Member,
  type MemberCreate,
  type MembershipStatus,
  type MemberUpdate,
  memberCreateSchema,
} from '@ummahnotify/domain';
import { audit } from '../../audit';
import type { Db } from '../../db/connect';
import { containsAny } from '../../db/contains';
import { uniqueEmail } from '../../db/errors';
import { afterCursor, createdKey, page } from '../../db/keyset';
import { HttpError, parseOr400 } from '../../web/errors';
import { toColumns, toInput, toMember } from './json';

export interface MemberListFilter {
  q?: string;
  status?: MembershipStatus;
  position?: MemberPosition;
  limit?: number;
  cursor?: string;
}

const SEARCHED = ['first_name', 'last_name', 'email', 'business_name', 'contact', 'postal'] as const;

const duplicateEmail = (email: string) =>
  new HttpError(409, `A member with the email ${email} already exists.`, [
    { path: 'email', message: 'is already used by another member' },
  ]);
const notFound = () => new HttpError(404, 'That member does not exist (it may have been deleted).');

export async function listMembers(
  db: Db,
  f: MemberListFilter,
): Promise<{ members: Member[]; nextCursor: string | null }> {
  let query = db.selectFrom('members').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (f.q) query = query.where(containsAny(SEARCHED, f.q));
  if (f.status) query = query.where('membership_status', '=', f.status);
  if (f.position) query = query.where('position', '=', f.position);
  if (f.cursor) query = query.where(afterCursor(f.cursor));
  if (f.limit !== undefined) query = query.limit(f.limit + 1);
  const { rows, nextCursor } = page(await query.execute(), f.limit, createdKey);
  return { members: rows.map(toMember), nextCursor };
}

async function findMember(db: Db, id: string): Promise<Member | undefined> {
  const row = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toMember(row) : undefined;
}

const { taken: emailTaken, guarded } = uniqueEmail('members', duplicateEmail);

export async function createMember(db: Db, input: MemberCreate, actorId: string): Promise<Member> {
  if (await emailTaken(db, input.email)) throw duplicateEmail(input.email);
  const now = new Date().toISOString();
  const row = {
    id: randomUUID(),
    admin_id: actorId,
    ...toColumns(input),
    registered_on: now,
    created_at: now,
    updated_at: now,
  };
  return guarded(input.email, () =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('members').values(row).execute();
      const member = toMember(row);
      await audit(trx, { actorId, action: 'member.created', entity: 'member', entityId: row.id, after: member });
      return member;
    }),
  );
}

/** Merges the changes into the stored member and checks the whole record (e.g. a partner keeps its UEN). */
export async function updateMember(db: Db, id: string, changes: MemberUpdate, actorId: string): Promise<Member> {
  const before = await findMember(db, id);
  if (!before) throw notFound();
  const next = parseOr400(memberCreateSchema, { ...toInput(before), ...changes });
  if (next.email !== before.email && (await emailTaken(db, next.email, id))) throw duplicateEmail(next.email);
  const now = new Date().toISOString();
  return guarded(next.email, () =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('members')
        .set({ ...toColumns(next), updated_at: now })
        .where('id', '=', id)
        .execute();
      const after = toMember(
        await trx.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      );
      await audit(trx, { actorId, action: 'member.updated', entity: 'member', entityId: id, before, after });
      return after;
    }),
  );
}

export async function verifyMember(db: Db, id: string, verified: boolean, actorId: string): Promise<Member> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const now = new Date().toISOString();
    await trx
      .updateTable('members')
      .set({ is_verified: verified ? 1 : 0, updated_at: now })
      .where('id', '=', id)
      .execute();
    const after = toMember({ ...row, is_verified: verified ? 1 : 0, updated_at: now });
    await audit(trx, {
      actorId,
      action: verified ? 'member.verified' : 'member.unverified',
      entity: 'member',
      entityId: id,
      before: { isVerified: row.is_verified === 1 },
      after: { isVerified: verified },
    });
    return after;
  });
}

export async function deleteMember(db: Db, id: string, actorId: string): Promise<Member> {
  // Janaza notices keep their copied provider name and contact; their provider_id is set to null.
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    await trx.deleteFrom('members').where('id', '=', id).execute();
    const before = toMember(row);
    await audit(trx, { actorId, action: 'member.deleted', entity: 'member', entityId: id, before });
    return before;
  });
}
