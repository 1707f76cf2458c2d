import { type Expression, type SqlBool, sql } from 'kysely';
import { HttpError } from '../../web/errors';

/**
 * Keyset pages for the members and committee lists: newest first, ordered by (created_at, id).
 * The cursor is opaque to callers: base64url of the last row's key.
 */
export interface PageKey {
  created_at: string;
  id: string;
}

export function encodeCursor(row: PageKey): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): PageKey {
  try {
    const [created_at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof created_at === 'string' && typeof id === 'string') return { created_at, id };
  } catch {
    // answered below
  }
  throw new HttpError(400, 'Please check your input: cursor is not one this list gave out', [
    { path: 'cursor', message: 'is not one this list gave out' },
  ]);
}

/** Rows after the cursor in newest-first order. */
export function afterCursor(key: PageKey, table?: string): Expression<SqlBool> {
  const createdAt = sql.ref(table ? `${table}.created_at` : 'created_at');
  const id = sql.ref(table ? `${table}.id` : 'id');
  return sql<SqlBool>`(${createdAt} < ${key.created_at} or (${createdAt} = ${key.created_at} and ${id} < ${key.id}))`;
}

/** A case-insensitive "contains" on any of the columns, the same on SQLite and PostgreSQL. */
export function containsAny(columns: readonly string[], q: string): Expression<SqlBool> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const parts = columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Cuts the extra row a `limit + 1` query fetched and says where the next page starts. */
export function page<R extends PageKey>(
  rows: R[],
  limit: number | undefined,
): { rows: R[]; nextCursor: string | null } {
  if (limit === undefined || rows.length <= limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, nextCursor: encodeCursor(kept[kept.length - 1]) };
}
