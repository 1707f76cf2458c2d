import { randomUUID } from 'node:crypto';
import {
  type AssignableRole,
  type CommitteeCreate,
  type CommitteeMember,
  type CommitteeUpdate,
  committeeCreateSchema,
} from '@ummahnotify/domain';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import { audit } from '../../audit';
import { grantOf, moveGrant } from '../../auth/account-rights';
import type { Db } from '../../db/connect';
import { containsAny } from '../../db/contains';
import { uniqueEmail } from '../../db/errors';
import { afterCursor, createdKey, page } from '../../db/keyset';
import type { Database } from '../../db/schema';
import { HttpError, parseOr400 } from '../../web/errors';
import { toColumns, toCommitteeMember, toInput } from './json';

export interface CommitteeListFilter {
  q?: string;
  status?: 'backend' | 'other';
  limit?: number;
  cursor?: string;
}

const SEARCHED = [
  'committee_members.first_name',
  'committee_members.last_name',
  'committee_members.email',
  'committee_members.contact',
];

const duplicateEmail = (email: string) =>
  new HttpError(409, `A committee member with the email ${email} already exists.`, [
    { path: 'email', message: 'is already used by another committee member' },
  ]);
const notFound = () => new HttpError(404, 'That committee member does not exist (it may have been deleted).');

/** Committee members with the id of the account that has the same email, when it exists. */
function withAccount(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('committee_members')
    .leftJoin('users', 'users.email', 'committee_members.email')
    .selectAll('committee_members')
    .select('users.id as user_id');
}

export async function listCommittee(
  db: Db,
  f: CommitteeListFilter,
): Promise<{ members: CommitteeMember[]; nextCursor: string | null }> {
  let query = withAccount(db).orderBy('committee_members.created_at', 'desc').orderBy('committee_members.id', 'desc');
  if (f.q) query = query.where(containsAny(SEARCHED, f.q));
  if (f.status) query = query.where('committee_members.backend_user', '=', f.status === 'backend' ? 1 : 0);
  if (f.cursor)
    query = query.where(afterCursor(f.cursor, { at: 'committee_members.created_at', id: 'committee_members.id' }));
  if (f.limit !== undefined) query = query.limit(f.limit + 1);
  const { rows, nextCursor } = page(await query.execute(), f.limit, createdKey);
  return { members: rows.map(toCommitteeMember), nextCursor };
}

async function findOne(db: Kysely<Database> | Transaction<Database>, id: string): Promise<CommitteeMember | undefined> {
  const row = await withAccount(db).where('committee_members.id', '=', id).executeTakeFirst();
  return row ? toCommitteeMember(row) : undefined;
}

const { taken: emailTaken, guarded } = uniqueEmail('committee_members', duplicateEmail);

export async function createCommitteeMember(db: Db, input: CommitteeCreate, actorId: string): Promise<CommitteeMember> {
  if (await emailTaken(db, input.email)) throw duplicateEmail(input.email);
  const now = new Date().toISOString();
  const id = randomUUID();
  return guarded(input.email, () =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('committee_members')
        .values({ id, ...toColumns(input), created_by: actorId, created_at: now, updated_at: now })
        .execute();
      await moveGrant(trx, null, grantOf(input), actorId);
      const after = (await findOne(trx, id)) as CommitteeMember;
      await audit(trx, {
        actorId,
        action: 'committee-member.created',
        entity: 'committee-member',
        entityId: id,
        after,
      });
      return after;
    }),
  );
}

/** Merges the changes into the stored committee member, checks the whole record, and moves its account rights. */
export async function updateCommitteeMember(
  db: Db,
  id: string,
  changes: CommitteeUpdate,
  actorId: string,
): Promise<CommitteeMember> {
  return withLockedMember(db, id, async (trx, before) => {
    const next = parseOr400(committeeCreateSchema, { ...toInput(before), ...changes });
    if (next.email !== before.email && (await emailTaken(trx, next.email, id))) throw duplicateEmail(next.email);
    return guarded(next.email, () => save(trx, before, next, actorId, 'committee-member.updated'));
  });
}

/** Gives a backend user's account one of the assignable roles (docs/product/rules.md): stored as the member's rights. */
export async function assignRole(
  db: Db,
  id: string,
  userId: string,
  role: AssignableRole,
  actorId: string,
): Promise<CommitteeMember> {
  return withLockedMember(db, id, async (trx, before) => {
    if (userId !== before._id && userId !== before.userId) {
      throw new HttpError(400, 'Please check your input: userId must be the id of this committee member', [
        { path: 'userId', message: 'must be the id of this committee member' },
      ]);
    }
    if (!before.backendUser) {
      throw new HttpError(
        409,
        `${before.fName} is not a backend user. Tick 'Backend User (System access)' for this committee member first, then assign a role.`,
      );
    }
    return save(trx, before, { ...toInput(before), rights: role }, actorId, 'committee-member.role-assigned');
  });
}

/**
 * Runs `work` in one transaction with the committee member as it is now: the row is read inside the
 * transaction that moves its account rights, locked (FOR UPDATE) on PostgreSQL, so a change committed
 * meanwhile cannot be overwritten by one decided on an older read. SQLite runs one transaction at a time.
 */
function withLockedMember<T>(
  db: Db,
  id: string,
  work: (trx: Transaction<Database>, before: CommitteeMember) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter)
      await trx.selectFrom('committee_members').select('id').where('id', '=', id).forUpdate().execute();
    const before = await findOne(trx, id);
    if (!before) throw notFound();
    return work(trx, before);
  });
}

async function save(
  trx: Transaction<Database>,
  before: CommitteeMember,
  next: CommitteeCreate,
  actorId: string,
  action: string,
): Promise<CommitteeMember> {
  await trx
    .updateTable('committee_members')
    .set({ ...toColumns(next), updated_at: new Date().toISOString() })
    .where('id', '=', before._id)
    .execute();
  await moveGrant(trx, grantOf(before), grantOf(next), actorId);
  const after = (await findOne(trx, before._id)) as CommitteeMember;
  await audit(trx, { actorId, action, entity: 'committee-member', entityId: before._id, before, after });
  return after;
}

/** Deleting a committee member takes its account's rights away at once (refused for the last superadmin). */
export async function deleteCommitteeMember(db: Db, id: string, actorId: string): Promise<CommitteeMember> {
  return db.transaction().execute(async (trx) => {
    const before = await findOne(trx, id);
    if (!before) throw notFound();
    await moveGrant(trx, grantOf(before), null, actorId);
    await trx.deleteFrom('committee_members').where('id', '=', id).execute();
    await audit(trx, { actorId, action: 'committee-member.deleted', entity: 'committee-member', entityId: id, before });
    return before;
  });
}
