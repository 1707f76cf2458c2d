import type { HttpError } from '../web/errors';
import type { Db } from './connect';

/** Constraint failures as both engines report them (better-sqlite3 codes, PostgreSQL SQLSTATE). */
function code(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  const c = code(error);
  return c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Unique emails in one table: `taken` is the check before a write, `guarded` turns a unique-constraint
 * failure that slipped past it (two saves at once) into the same clear refusal.
 */
export function uniqueEmail(table: 'members' | 'committee_members', refusal: (email: string) => HttpError) {
  return {
    async taken(db: Db, email: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom(table).select('id').where('email', '=', email);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    async guarded<T>(email: string, work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (error) {
        if (isUniqueViolation(error)) throw refusal(email);
        throw error;
      }
    },
  };
}
