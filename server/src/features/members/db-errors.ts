import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import type { HttpError } from '../../web/errors';

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
