import { randomUUID } from 'node:crypto';
import type { NotificationStatus } from '@ummahnotify/core';
import {
  catalogues,
  type JanazaCreate,
  type JanazaListQuery,
  type JanazaNotice,
  type JanazaUpdate,
  type Provider,
} from '@ummahnotify/domain';
import type { Kysely, Transaction } from 'kysely';
import { containsAny } from '../../db/contains';
import { afterCursor, createdKey, page } from '../../db/keyset';
import type { Database } from '../../db/schema';
import { enqueueBroadcast } from '../../delivery/outbox';
import { HttpError } from '../../web/errors';
import { asIsColumns, type JanazaRow, toNotice } from './json';
import { noticeTime } from './prayer-time';

type Trx = Transaction<Database>;
const m = catalogues.janaza.en;

/** Newest first; `q` matches the name or the provider's name (case-insensitive), `status` one status. */
export async function listNotices(
  db: Kysely<Database>,
  query: JanazaListQuery,
): Promise<{ notices: JanazaNotice[]; nextCursor?: string | null }> {
  let select = db.selectFrom('janaza_notices').selectAll();
  if (query.q) select = select.where(containsAny(['name', 'provider_name'], query.q));
  if (query.status) select = select.where('status', '=', query.status);
  if (query.cursor) select = select.where(afterCursor(query.cursor));
  select = select.orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (query.limit === undefined) return { notices: (await select.execute()).map(toNotice) };

  const { rows, nextCursor } = page(await select.limit(query.limit + 1).execute(), query.limit, createdKey);
  return { notices: rows.map(toNotice), nextCursor };
}

export async function findNotice(db: Kysely<Database>, id: string): Promise<JanazaRow | undefined> {
  return db.selectFrom('janaza_notices').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * THE one place a notice's status is written (creation included). It is a compare-and-set on the
 * status the caller read, so two staff approving the same notice at once cannot both "approve" it:
 * the second gets 409. A notice that becomes approved ("Notify Now!") gets its broadcast outbox row
 * in the same transaction; it is written once per notice, so approving again sends nothing.
 */
export async function changeStatus(
  trx: Trx,
  notice: JanazaRow,
  next: NotificationStatus,
  at: string,
): Promise<JanazaRow> {
  if (notice.status === next) return notice;
  const result = await trx
    .updateTable('janaza_notices')
    .set({ status: next, status_changed_at: at, updated_at: at })
    .where('id', '=', notice.id)
    .where('status', '=', notice.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, m['error.changedMeanwhile']);
  if (next === 'approved') await enqueueBroadcast(trx, 'janaza', notice.id, null);
  return { ...notice, status: next, status_changed_at: at, updated_at: at };
}

export interface NewNotice {
  input: JanazaCreate;
  provider: Provider;
  imageId: string | null;
  userId: string;
}

/** Inserts a pending notice, then sets the requested status through changeStatus(). */
export async function insertNotice(trx: Trx, { input, provider, imageId, userId }: NewNotice): Promise<JanazaRow> {
  const now = new Date().toISOString();
  const time = noticeTime(input);
  // The create schema has made sure one way of giving the time is there.
  if (!time) throw new HttpError(400, m['error.timeRequired']);
  const row: JanazaRow = {
    id: randomUUID(),
    provider_id: provider._id,
    provider_name: provider.businessName,
    provider_contact: provider.contact,
    ...asIsColumns(input),
    age: input.age,
    gender: input.gender,
    is_privacy: input.isPrivacy ? 1 : 0,
    due_date: time.due_date,
    prayer: time.prayer,
    image_id: imageId,
    status: 'pending',
    status_changed_at: null,
    user_id: userId,
    created_at: now,
    updated_at: now,
    personal_data_removed_at: null,
    withdrawn_at: null,
    withdrawn_reason: '',
    revision: 0,
  };
  await trx.insertInto('janaza_notices').values(row).execute();
  return changeStatus(trx, row, input.status, now);
}

export interface NoticeChanges {
  input: Omit<JanazaUpdate, 'postal'>;
  /** Set when the provider changes: its name and contact are copied again. */
  provider?: Provider;
  /** Set when the image is replaced. */
  imageId?: string;
}

/** Writes the changed fields (never postal), then the status through changeStatus(). */
export async function updateNotice(
  trx: Trx,
  before: JanazaRow,
  { input, provider, imageId }: NoticeChanges,
): Promise<JanazaRow> {
  const now = new Date().toISOString();
  const time = noticeTime(input);
  const fields: Partial<JanazaRow> = {
    ...(provider && {
      provider_id: provider._id,
      provider_name: provider.businessName,
      provider_contact: provider.contact,
    }),
    ...asIsColumns(input),
    ...(input.age !== undefined && { age: input.age }),
    ...(input.gender !== undefined && { gender: input.gender }),
    ...(input.isPrivacy !== undefined && { is_privacy: input.isPrivacy ? 1 : 0 }),
    ...(time && { due_date: time.due_date, prayer: time.prayer }),
    ...(imageId !== undefined && { image_id: imageId }),
  };
  let row = before;
  if (Object.keys(fields).length > 0) {
    await trx
      .updateTable('janaza_notices')
      .set((eb) => ({ ...fields, updated_at: now, revision: eb('revision', '+', 1) }))
      .where('id', '=', before.id)
      .execute();
    row = { ...before, ...fields, updated_at: now, revision: before.revision + 1 };
  }
  return input.status === undefined ? row : changeStatus(trx, row, input.status, now);
}

export async function deleteNotice(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('janaza_notices').where('id', '=', id).execute();
}
