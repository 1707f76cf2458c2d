import { type Expression, type SqlBool, sql } from 'kysely';
import { HttpError } from '../web/errors';

/**
 * Keyset pages, newest first, ordered by (a sort column, id): every list that pages. The cursor is opaque
 * to callers: base64url of the last row's key, so a page stays right while rows are added in front of it.
 */
export interface PageKey {
  /** The sort column's value: created_at for most lists, the event's date for events. */
  at: string;
  id: string;
}

export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): PageKey {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string') return { at, id };
  } catch {
    // answered below
  }
  throw new HttpError(400, 'Please check your input: cursor is not one this list gave out', [
    { path: 'cursor', message: 'is not one this list gave out' },
  ]);
}

const CREATED_COLUMNS = { at: 'created_at', id: 'id' };

/** The key of a row of a list ordered by (created_at, id). */
export const createdKey = (row: { created_at: string; id: string }): PageKey => ({ at: row.created_at, id: row.id });

/** Rows after the cursor in newest-first order; the columns as the query names them (`a.at`, `created_at`). */
export function afterCursor(cursor: string, columns = CREATED_COLUMNS): Expression<SqlBool> {
  const key = decodeCursor(cursor);
  const at = sql.ref(columns.at);
  const id = sql.ref(columns.id);
  return sql<SqlBool>`(${at} < ${key.at} or (${at} = ${key.at} and ${id} < ${key.id}))`;
}

/** Cuts the extra row a `limit + 1` query fetched and says where the next page starts. */
export function page<R>(
  rows: R[],
  limit: number | undefined,
  keyOf: (row: R) => PageKey,
): { rows: R[]; nextCursor: string | null } {
  if (limit === undefined || rows.length <= limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, nextCursor: encodeCursor(keyOf(kept[kept.length - 1])) };
}
