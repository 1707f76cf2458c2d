import { z } from 'zod';
import { notificationStatusSchema } from '../enums';
import { janaza as text } from '../i18n/janaza';

/**
 * The duplicate warning (docs/product/rules.md#janaza-notice): creating a notice whose deceased's name is close to an existing
 * notice's, due within DUPLICATE_WINDOW_HOURS of it, answers 409 with those notices, unless the form
 * says `confirmDuplicate: true` ("Create anyway"). Only staff with janaza rights get this answer, so
 * names of private notices may appear in it.
 */
export const DUPLICATE_WINDOW_HOURS = 48;
/** Similarity (0..1, 1 - Levenshtein distance / longer length) of the normalised names from which two names are "close". */
export const DUPLICATE_NAME_SIMILARITY = 0.85;

/** Multipart sends it as text: 'true'/'on'/'1' confirm; absent, empty or 'false' do not. */
export const confirmDuplicateSchema = z.object({
  confirmDuplicate: z.preprocess(
    (v) => {
      const t = typeof v === 'string' ? v.trim().toLowerCase() : v;
      if (t === undefined || t === null || t === '' || t === 'false' || t === '0' || t === 'off') return false;
      if (t === 'true' || t === '1' || t === 'on') return true;
      return t;
    },
    z.boolean({ error: text.en['duplicate.confirmInvalid'] }),
  ),
});

/** One existing notice the new one may repeat. */
export const duplicateMatchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  dueDate: z.string(),
  status: notificationStatusSchema,
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;

/** The 409 body: the usual {code, message} and the notices that look like the same death. */
export const duplicateNoticesAnswerSchema = z.object({
  code: z.literal(409),
  message: z.string(),
  duplicates: z.array(duplicateMatchSchema).min(1),
});
