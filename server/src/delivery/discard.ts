import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { dropPending } from './drop-pending';

/** Why a waiting message was never sent (deliveries.error_code; staff read it as failure.discarded). */
export const DISCARDED_CODE = 'discarded';
export const DISCARDED_ERROR = 'not sent: discarded by a superadmin while delivery was paused';

/**
 * A superadmin's "Discard" of one sending's waiting messages while delivery is switched off, typically after a
 * restore (docs/decisions/2026-11-29-restore-starts-paused.md): they end failed with the code `discarded`, as a
 * withdrawal's do (drop-pending.ts). Returns how many messages were discarded.
 */
export function discardWaiting(trx: Transaction<Database>, outboxId: string, now: string): Promise<number> {
  return dropPending(trx, [outboxId], { code: DISCARDED_CODE, error: DISCARDED_ERROR }, now);
}
