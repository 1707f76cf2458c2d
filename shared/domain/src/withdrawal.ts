import { z } from 'zod';
import { trimText } from './form-fields';

/** A withdrawal's reason (kept for staff, never sent): a janaza notice's and an event's alike. */
export const WITHDRAWAL_REASON_MAX_LENGTH = 500;

/**
 * The body of a withdrawal (POST .../withdrawal): why the sent item is withdrawn, 1 to 500 characters after
 * trimming. Each section passes its own catalogue's words for the two refusals.
 */
export function withdrawalSchema(messages: { required: string; tooLong: string }) {
  return z.object({
    reason: z.preprocess(
      trimText,
      z
        .string({ error: messages.required })
        .min(1, messages.required)
        .max(WITHDRAWAL_REASON_MAX_LENGTH, messages.tooLong),
    ),
  });
}

/**
 * Whether deleting an item would leave the people it reached believing it stands: it went out (an approved
 * notice, a published event), is not withdrawn, and its time is still ahead. Deleting tells nobody, so the delete
 * confirmation then points to Withdraw (docs/decisions/2026-11-28-withdrawing-a-sent-notice.md).
 */
export function deletingLeavesPeopleTold(
  item: { sent: boolean; withdrawnAt?: string | null; at: string },
  now: number = Date.now(),
): boolean {
  return item.sent && !item.withdrawnAt && Date.parse(item.at) > now;
}
