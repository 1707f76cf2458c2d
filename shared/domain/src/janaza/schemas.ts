import { GENDERS, NOTIFICATION_STATUSES, PRAYERS, parsePrayerDate, toUtcIso } from '@ummahnotify/core';
import { z } from 'zod';
import { genderSchema, notificationStatusSchema } from '../enums';
import { blankToUndefined, formBoolean, trimText } from '../form-fields';
import { janaza as text } from '../i18n/janaza';
import { withdrawalSchema } from '../withdrawal';
import {
  ADDRESS_MAX_LENGTH,
  AGE_MAX,
  JANAZA_LIST_MAX_LIMIT,
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  POSTAL_PATTERN,
} from './limits';

/**
 * The one validation schema of a janaza notice that the server and the antd form both use. Messages
 * are the English side of the janaza catalogue, so the form can show the Tamil twin of any message.
 */
const m = text.en;

/** Multipart sends numbers as text; an empty field or null is "missing" (reported as required). */
const toNumber = (v: unknown) => {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
  if (typeof v === 'string') return /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
  return v;
};

const provider = z.string({ error: m['error.providerRequired'] }).min(1, m['error.providerRequired']);
const name = z
  .string({ error: m['error.nameRequired'] })
  .min(1, m['error.nameRequired'])
  .max(NAME_MAX_LENGTH, m['error.nameTooLong']);
const age = z
  .number({
    error: (issue) =>
      issue.input === null || issue.input === undefined ? m['error.ageRequired'] : m['error.ageNumber'],
  })
  .int(m['error.ageNumber'])
  .min(0, m['error.ageMin'])
  .max(AGE_MAX, m['error.ageMax']);
const postal = z
  .string({
    error: (issue) =>
      issue.input === null || issue.input === undefined ? m['error.postalRequired'] : m['error.postalDigits'],
  })
  .min(1, m['error.postalRequired'])
  .regex(POSTAL_PATTERN, m['error.postalDigits']);
/** A JSON client may send the postal code as a number: 18956 is then 5 digits, and refused. */
const toPostalText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : trimText(v));
const gender = z.enum(GENDERS, { error: m['error.gender'] });
const isPrivacy = z.boolean({ error: m['error.isPrivacy'] });
const dueDate = z
  .string({ error: m['error.dueDateRequired'] })
  .min(1, m['error.dueDateRequired'])
  .transform((v, ctx) => {
    const iso = toUtcIso(v);
    if (!iso) ctx.addIssue({ code: 'custom', message: m['error.dueDateInvalid'] });
    return iso ?? v;
  });
const prayer = z.enum(PRAYERS, { error: m['error.prayer'] });
const prayerDate = z.string({ error: m['error.prayerDateInvalid'] }).refine((v) => parsePrayerDate(v) !== undefined, {
  message: m['error.prayerDateInvalid'],
});
const note = z.string({ error: m['error.noteTooLong'] }).max(NOTE_MAX_LENGTH, m['error.noteTooLong']);
const address = z.string({ error: m['error.addressTooLong'] }).max(ADDRESS_MAX_LENGTH, m['error.addressTooLong']);
const status = z.enum(NOTIFICATION_STATUSES, { error: m['error.status'] });

/** A text that may be emptied: null reads as '' (an inline edit clears the field), text comes trimmed. */
const emptiableText = (v: unknown) => (v === null ? '' : trimText(v));

/**
 * A field a notice is created with and may change in an inline edit: how it is read from a form or JSON,
 * its checks, what a new notice gets when it is absent (none: required), and what the API answers for it
 * (its type without the checks: a notice stored under older rules is still answered). The create, update
 * and answer schemas all come from it.
 */
function editable<T extends z.ZodType, A extends z.ZodType>(read: (v: unknown) => unknown, check: T, answer: A) {
  return { create: z.preprocess(read, check), update: z.preprocess(read, check.optional()), answer };
}
function editableWithDefault<T extends z.ZodType, A extends z.ZodType>(
  read: (v: unknown) => unknown,
  check: T,
  absent: z.core.util.NoUndefined<z.output<T>>,
  answer: A,
) {
  return {
    create: z.preprocess(read, check.default(absent)),
    update: z.preprocess(read, check.optional()),
    answer,
    absent,
  };
}

/** The editable fields of a notice; its time (below) is given one of two ways and has schemas of its own. */
const EDITABLE = {
  /** The provider's _id (a masjid or partner member); answered null when that member was removed since. */
  provider: editable(trimText, provider, z.string().nullable()),
  name: editable(trimText, name, z.string()),
  age: editable(toNumber, age, z.number()),
  postal: editable(toPostalText, postal, z.string()),
  gender: editableWithDefault(blankToUndefined, gender, 'male', genderSchema),
  isPrivacy: editableWithDefault(formBoolean, isPrivacy, false, z.boolean()),
  note: editableWithDefault(emptiableText, note, '', z.string()),
  address: editableWithDefault(emptiableText, address, '', z.string()),
  status: editableWithDefault(blankToUndefined, status, 'pending', notificationStatusSchema),
};
type Editable = typeof EDITABLE;
const createOf = <K extends keyof Editable>(key: K): Editable[K]['create'] => EDITABLE[key].create;
const updateOf = <K extends keyof Editable>(key: K): Editable[K]['update'] => EDITABLE[key].update;
const answerOf = <K extends keyof Editable>(key: K): Editable[K]['answer'] => EDITABLE[key].answer;
const each = <R>(pick: (key: keyof Editable) => R) =>
  Object.fromEntries(Object.keys(EDITABLE).map((key) => [key, pick(key as keyof Editable)]));

type WithDefault = { [K in keyof Editable]: Editable[K] extends { absent: unknown } ? K : never }[keyof Editable];
/** What a new notice gets for each field left out (the form starts from these too). */
export const JANAZA_DEFAULTS = Object.fromEntries(
  Object.entries(EDITABLE).flatMap(([key, field]) => ('absent' in field ? [[key, field.absent]] : [])),
) as { [K in WithDefault]: Extract<Editable[K], { absent: unknown }>['absent'] };

/** The editable fields as the API answers them (the rest of a notice's answer is in answers.ts). */
export const janazaEditableAnswers = each(answerOf) as { [K in keyof Editable]: Editable[K]['answer'] };

/**
 * Each field of a new notice: the form validates a field with `janazaCreateFields.<name>`, the
 * server and the form's submit validate the whole object with `janazaCreateSchema`.
 */
export const janazaCreateFields = {
  ...(each(createOf) as { [K in keyof Editable]: Editable[K]['create'] }),
  /** An exact time; or, instead, `prayer` with `prayerDate` (the server computes the time). */
  dueDate: z.preprocess(blankToUndefined, dueDate.optional()),
  prayer: z.preprocess(blankToUndefined, prayer.optional()),
  prayerDate: z.preprocess(blankToUndefined, prayerDate.optional()),
};
/**
 * The time of a notice is given one way: `dueDate` (exact), or `prayer` with `prayerDate` (a Singapore
 * date). Both, neither, or half of the prayer pair is refused with a message saying which.
 */
function oneWayOfTime(
  v: { dueDate?: string; prayer?: string; prayerDate?: string },
  ctx: z.RefinementCtx,
  required: boolean,
): void {
  const byPrayer = v.prayer !== undefined || v.prayerDate !== undefined;
  if (v.dueDate !== undefined && byPrayer) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: m['error.timeBoth'] });
    return;
  }
  if (byPrayer && v.prayer === undefined)
    ctx.addIssue({ code: 'custom', path: ['prayer'], message: m['error.prayerRequired'] });
  if (byPrayer && v.prayerDate === undefined)
    ctx.addIssue({ code: 'custom', path: ['prayerDate'], message: m['error.prayerDateRequired'] });
  if (required && !byPrayer && v.dueDate === undefined)
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: m['error.timeRequired'] });
}
/** Runs even when other fields failed, so every problem is reported at once. */
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

export const janazaCreateSchema = z
  .object(janazaCreateFields)
  .superRefine((v, ctx) => oneWayOfTime(v, ctx, true), always);
export type JanazaCreate = z.output<typeof janazaCreateSchema>;

/**
 * A change to a notice (inline edit). Absent fields stay as they are; a required field cannot be
 * emptied. `postal` may be sent (the client sends the whole notice) but must equal the stored one:
 * the server refuses a different postal code. Unknown keys (_id, imageUrl, providerName...) are dropped.
 */
export const janazaUpdateSchema = z
  .object({
    ...(each(updateOf) as { [K in keyof Editable]: Editable[K]['update'] }),
    dueDate: z.preprocess(trimText, dueDate.optional()),
    prayer: z.preprocess(blankToUndefined, prayer.optional()),
    prayerDate: z.preprocess(blankToUndefined, prayerDate.optional()),
  })
  .superRefine((v, ctx) => oneWayOfTime(v, ctx, false), always);
export type JanazaUpdate = z.output<typeof janazaUpdateSchema>;

/** GET list query: without any of them the full list is answered. */
export const janazaListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().max(100, m['error.queryTooLong']).optional()),
  status: z.preprocess(blankToUndefined, status.optional()),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: m['error.limit'] })
      .int(m['error.limit'])
      .min(1, m['error.limit'])
      .max(JANAZA_LIST_MAX_LIMIT, m['error.limit'])
      .optional(),
  ),
  cursor: z.preprocess(blankToUndefined, z.string().max(500).optional()),
});
export type JanazaListQuery = z.output<typeof janazaListQuerySchema>;

export const janazaIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** POST withdrawal: why the approved notice is withdrawn (staff only; subscribers are told it is cancelled). */
export const janazaWithdrawalSchema = withdrawalSchema({
  required: m['error.reasonRequired'],
  tooLong: m['error.reasonTooLong'],
});
export type JanazaWithdrawal = z.output<typeof janazaWithdrawalSchema>;

/** GET prayer-time query: the time a notice "after <prayer>" on <prayerDate> would be due (the form's past-time check). */
export const prayerTimeQuerySchema = z.object({
  prayer: z.preprocess(blankToUndefined, z.string({ error: m['error.prayerRequired'] }).pipe(prayer)),
  prayerDate: z.preprocess(blankToUndefined, z.string({ error: m['error.prayerDateRequired'] }).pipe(prayerDate)),
});

/** Its answer: `dueDate` as a notice's (UTC ISO 8601). */
export const prayerTimeAnswerSchema = z.object({
  code: z.literal(200),
  data: z.object({ prayer: prayer, prayerDate: z.string(), dueDate: z.string() }),
});
export type PrayerTimeAnswer = z.output<typeof prayerTimeAnswerSchema>;
