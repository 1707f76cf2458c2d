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
