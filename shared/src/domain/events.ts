import { z } from 'zod';
import { DEFAULT_SERVICE_TYPE, SERVICE_TYPES, type ServiceType } from './enums';
import { formBoolean } from './form-fields';
import { events as text } from './i18n/events';
import { toUtcIso } from './time';

/** Paths of the events section (SPEC §7, both sets). Server routes and the remote use these. */
export const EVENT_PATHS = {
  list: '/api/v1/admin/events',
  one: (id: string) => `/api/v1/admin/events/${id}`,
  publish: (id: string) => `/api/v1/admin/events/publish/${id}`,
  aiSource: (id: string) => `/api/v1/admin/ummahnotify/ai-event/${id}`,
  /** POST: send a marked correction of a published, sent event to the same recipients (issue 15). */
  correction: (id: string) => `/api/v1/admin/events/${id}/correction`,
} as const;

export const EVENT_LIMITS = {
  heading: 200,
  subHeading: 300,
  content: 5000,
  address: 500,
  link: 2000,
  list: 100,
} as const;

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
 * The event's fields (SPEC §3 Event, §5): heading in both languages and the date and time are
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
export type EventFields = z.output<typeof eventFieldsSchema>;
export type EventFieldsInput = z.input<typeof eventFieldsSchema>;

/** Create: every field as above, but an event is never published on creation (SPEC §4). */
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

/** The texts of an event (English and Tamil) and its registration flag: what the form edits. */
export type EventTextFields = Pick<
  EventJson,
  | 'heading'
  | 'headingTa'
  | 'subHeading'
  | 'subHeadingTa'
  | 'content'
  | 'contentTa'
  | 'address'
  | 'addressTa'
  | 'registration'
>;

/** An event as the API answers it (SPEC §3 field names). */
export interface EventJson {
  _id: string;
  heading: string;
  headingTa: string;
  subHeading: string;
  subHeadingTa: string;
  content: string;
  contentTa: string;
  address: string;
  addressTa: string;
  registration: boolean;
  serviceType: ServiceType;
  /** UTC ISO 8601 */
  dateTime: string;
  published: boolean;
  publishedAt: string | null;
  link: string;
  /** Staff-only URL of the poster image, or null. */
  image: string | null;
  imageThumb: string | null;
  /** The pasted AI answer this event was drafted from, when stored. */
  aiSource: AiEvent | null;
  createdAt: string;
  updatedAt: string;
}

export interface EventListAnswer {
  code: 200;
  events: EventJson[];
  /** Pass as `cursor` for the next page; null on the last page or without `limit`. */
  nextCursor: string | null;
}
export interface EventAnswer {
  code: 200 | 201;
  data: EventJson;
  message?: string;
}

// ---------------------------------------------------------------------------------------------------
// Poster -> prompt -> AI JSON (SPEC §1 steps 2 and 3, §3 AI-extraction JSON, §5)
// ---------------------------------------------------------------------------------------------------

const aiText = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
  z.string().max(EVENT_LIMITS.content),
);

/** The AI-extraction JSON (SPEC §3). Missing fields read as empty; a plain-string content is accepted as English. */
export const aiEventSchema = z.object({
  heading: aiText,
  headingTa: aiText,
  subHeading: aiText,
  subHeadingTa: aiText,
  content: z.preprocess(
    (v) => (v === null || v === undefined ? {} : typeof v === 'string' ? { details: v } : v),
    z.object({ details: aiText, detailsTa: aiText }),
  ),
  address: aiText,
  addressTa: aiText,
});
export type AiEvent = z.output<typeof aiEventSchema>;

export const INVALID_AI_JSON = 'Invalid JSON. Please check the format.';

export type AiParseResult = { ok: true; value: AiEvent } | { ok: false; error: typeof INVALID_AI_JSON };

const FENCED_BLOCK = /```(?:json|JSON)?[ \t]*\r?\n?([\s\S]*?)```/;

/** Reads the AI's answer: plain JSON or a fenced ```json block, holding one object of the SPEC §3 shape. */
export function parseAiEventJson(pasted: string): AiParseResult {
  const fenced = FENCED_BLOCK.exec(pasted);
  // Plain JSON first: a value that itself contains ``` must not be mistaken for a fence.
  for (const candidate of [pasted, fenced?.[1]]) {
    if (candidate === undefined) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(candidate.trim());
    } catch {
      continue;
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: INVALID_AI_JSON };
    const parsed = aiEventSchema.safeParse(raw);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: INVALID_AI_JSON };
  }
  return { ok: false, error: INVALID_AI_JSON };
}

/** The form's starting values from an AI answer: content.details -> content, content.detailsTa -> contentTa. */
export function aiEventToFields(ai: AiEvent) {
  return {
    heading: ai.heading.trim(),
    headingTa: ai.headingTa.trim(),
    subHeading: ai.subHeading.trim(),
    subHeadingTa: ai.subHeadingTa.trim(),
    content: ai.content.details.trim(),
    contentTa: ai.content.detailsTa.trim(),
    address: ai.address.trim(),
    addressTa: ai.addressTa.trim(),
  };
}

export const AI_EVENT_SHAPE = `{
  "heading": "",
  "headingTa": "",
  "subHeading": "",
  "subHeadingTa": "",
  "content": {
    "details": "",
    "detailsTa": ""
  },
  "address": "",
  "addressTa": ""
}`;

/**
 * The prompt an admin copies into an external AI tool (no call is made from the browser to any AI
 * service). It carries the poster's text and asks for the SPEC §3 JSON in English and Tamil, short
 * sentences ending in full stops, and no transport or navigation information.
 */
export function buildEventPrompt(ocrText: string): string {
  // One line per recognised line: the blank lines tesseract puts between blocks only cost tokens.
  const posterText = ocrText
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
  return [
    'You are helping a mosque youth wing in Singapore announce a community event in English and Tamil.',
    'Below is the text of the event poster, read by text recognition. It may contain recognition mistakes; correct obvious ones.',
    '',
    'Poster text:',
    '"""',
    posterText,
    '"""',
    '',
    'Answer with one JSON object of exactly this shape, in a ```json code block, and nothing else:',
    AI_EVENT_SHAPE,
    '',
    'Rules:',
    '- heading, subHeading, content.details and address are in English; headingTa, subHeadingTa, content.detailsTa and addressTa are the same in Tamil.',
    '- Write short sentences. End every sentence with a full stop.',
    '- Put the date, time, speakers, programme and registration details in content.details.',
    '- Exclude transport and navigation information: no bus services, MRT or train stations, parking, directions or maps.',
    '- Use only facts from the poster text. Leave a field as "" when the poster does not give it.',
  ].join('\n');
}
