import { type Expression, type SqlBool, sql } from 'kysely';

/** A case-insensitive "contains" on any of the columns, the same on SQLite and PostgreSQL. */
export function containsAny(columns: readonly string[], q: string): Expression<SqlBool> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const parts = columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
