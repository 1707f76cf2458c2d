import { DEFAULT_SERVICE_TYPE, SERVICE_TYPES, toUtcIso } from '@ummahnotify/core';
import { z } from 'zod';
import { formBoolean } from '../form-fields';
import { events as text } from '../i18n/events';
import { withdrawalSchema } from '../withdrawal';
import { EVENT_LIMITS } from './limits';

/** The schemas of an event the server and the form share; messages are the events catalogue's English. */
const m = text.en;

const yesNo = z.boolean({ error: m['error.boolean'] });

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: m['error.tooLong'] }).trim().max(max, m['error.tooLong']),
  );

const requiredText = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, m['error.tooLong']);

/** A date and time in ISO 8601; without an offset it is Singapore time (the same rule as janaza due dates). */
export const eventDateTimeSchema = z.preprocess(
  (v) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: m['error.dateTimeRequired'] })
    .min(1, m['error.dateTimeRequired'])
    .transform((s, ctx) => {
      const iso = toUtcIso(s);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: m['error.dateTimeInvalid'] });
        return z.NEVER;
      }
      return iso;
    }),
);

export const eventServiceTypeSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(SERVICE_TYPES, { error: m['error.serviceType'] }).default(DEFAULT_SERVICE_TYPE),
);

/** A C0 or C1 control character, or DEL. */
export const isControlCharacter = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};

/**
 * A link is optional; when given it must be an http(s) URL without control characters (the URL parser
 * drops tabs and line breaks silently; stored, a line break would start a new property in the .ics
 * file). Empty means none.
 */
export const eventLinkSchema = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string()
    .trim()
    .max(EVENT_LIMITS.link, m['error.link'])
    .refine((s) => ![...s].some(isControlCharacter), m['error.link'])
    .refine((s) => s === '' || isHttpUrl(s), m['error.link']),
);

export function isHttpUrl(s: string): boolean {
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The event's fields (docs/product/data.md#event, rules.md): heading in both languages and the date and time are
 * required, everything else optional. The one schema for the server (JSON and form data) and the form.
 */
export const eventFieldsSchema = z.object({
  heading: requiredText(EVENT_LIMITS.heading, m['error.headingRequired']),
  headingTa: requiredText(EVENT_LIMITS.heading, m['error.headingTaRequired']),
  subHeading: optionalText(EVENT_LIMITS.subHeading),
  subHeadingTa: optionalText(EVENT_LIMITS.subHeading),
  content: optionalText(EVENT_LIMITS.content),
  contentTa: optionalText(EVENT_LIMITS.content),
  address: optionalText(EVENT_LIMITS.address),
  addressTa: optionalText(EVENT_LIMITS.address),
  registration: z.preprocess(formBoolean, yesNo.default(false)),
  serviceType: eventServiceTypeSchema,
  dateTime: eventDateTimeSchema,
  link: eventLinkSchema,
  published: z.preprocess(formBoolean, yesNo.default(false)),
});

/** Create: every field as above, but an event is never published on creation (docs/product/data.md). */
export const createEventSchema = eventFieldsSchema.omit({ published: true });
export type CreateEvent = z.output<typeof createEventSchema>;

/** Update (PATCH and POST with form data): only the fields sent change, each validated as on create. */
export const updateEventSchema = z.object({
  heading: requiredText(EVENT_LIMITS.heading, m['error.headingRequired']).optional(),
  headingTa: requiredText(EVENT_LIMITS.heading, m['error.headingTaRequired']).optional(),
  subHeading: optionalText(EVENT_LIMITS.subHeading).optional(),
  subHeadingTa: optionalText(EVENT_LIMITS.subHeading).optional(),
  content: optionalText(EVENT_LIMITS.content).optional(),
  contentTa: optionalText(EVENT_LIMITS.content).optional(),
  address: optionalText(EVENT_LIMITS.address).optional(),
  addressTa: optionalText(EVENT_LIMITS.address).optional(),
  registration: z.preprocess(formBoolean, yesNo.optional()),
  serviceType: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(SERVICE_TYPES, { error: m['error.serviceType'] }),
    )
    .optional(),
  dateTime: eventDateTimeSchema.optional(),
  link: eventLinkSchema.optional(),
  published: z.preprocess(formBoolean, yesNo.optional()),
});
export type UpdateEvent = z.output<typeof updateEventSchema>;

export const EVENT_LIST_STATUSES = ['published', 'draft'] as const;
export const eventListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(EVENT_LIST_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_LIMITS.list).optional(),
  cursor: z.string().max(500).optional(),
});
export type EventListQuery = z.output<typeof eventListQuerySchema>;

export const eventIdParamsSchema = z.object({ id: z.uuid({ error: 'is not an event id' }) });

/** POST withdrawal: why the published event is withdrawn (staff only; subscribers are told it is cancelled). */
export const eventWithdrawalSchema = withdrawalSchema({
  required: m['error.reasonRequired'],
  tooLong: m['error.reasonTooLong'],
});
