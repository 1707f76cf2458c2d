import type { Db } from '../../src/db/connect';
import { eventually } from './staff';

/**
 * Waits until every outbox row is expanded and every delivery has an outcome. The outbox first: once it
 * is expanded, every delivery it made is already visible to the next query.
 */
export function deliveriesSettled(db: Db): Promise<true> {
  return eventually(async () => {
    const outbox = await db.selectFrom('outbox').select('id').where('state', '=', 'pending').execute();
    if (outbox.length > 0) return false;
    const open = await db
      .selectFrom('deliveries')
      .select('state')
      .where('state', 'in', ['pending', 'sending'])
      .execute();
    return open.length === 0;
  });
}
