import { z } from 'zod';
import {
  GENDERS,
  genderSchema,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
  notificationStatusSchema,
} from './enums';
import { blankToUndefined, formBoolean, trimText } from './form-fields';
import { janaza as text } from './i18n/janaza';
import { PRAYERS, parsePrayerDate, prayerSchema } from './prayers';
import { singaporeWallClock, toUtcIso } from './time';

/**
 * Janaza notices (SPEC §2 'Janaza notifications', §3 Notification and Provider, §4, §5): the paths,
 * the one validation schema the server and the antd form both use, the answer shapes, and the
 * due-date display rule. Validation messages are the English side of the janaza catalogue, so the
 * form can show the Tamil twin of any message the schema (or the server) gives.
 */
export const JANAZA_PATHS = {
  providers: '/api/v1/admin/notifications/providers',
  notices: '/api/v1/admin/notifications/janaza',
  notice: (id: string) => `/api/v1/admin/notifications/janaza/${encodeURIComponent(id)}`,
  /** SPEC §7's second path set repeats the api prefix; list and create are mounted there too. */
  legacyNotices: '/api/api/v1/admin/ummahnotify/janaza',
} as const;

const m = text.en;
export const NAME_MAX_LENGTH = 120;
export const AGE_MAX = 150;
export const NOTE_MAX_LENGTH = 2000;
export const ADDRESS_MAX_LENGTH = 300;
export const POSTAL_PATTERN = /^\d{6}$/;

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

/**
 * Each field of a new notice: the form validates a field with `janazaCreateFields.<name>`, the
 * server and the form's submit validate the whole object with `janazaCreateSchema`.
 */
export const janazaCreateFields = {
  provider: z.preprocess(trimText, provider),
  name: z.preprocess(trimText, name),
  age: z.preprocess(toNumber, age),
  postal: z.preprocess(toPostalText, postal),
  gender: z.preprocess(blankToUndefined, gender.default('male')),
  isPrivacy: z.preprocess(formBoolean, isPrivacy.default(false)),
  /** An exact time; or, instead, `prayer` with `prayerDate` (the server computes the time). */
  dueDate: z.preprocess(blankToUndefined, dueDate.optional()),
  prayer: z.preprocess(blankToUndefined, prayer.optional()),
  prayerDate: z.preprocess(blankToUndefined, prayerDate.optional()),
  note: z.preprocess(blankToUndefined, note.default('')),
  address: z.preprocess(blankToUndefined, address.default('')),
  status: z.preprocess(blankToUndefined, status.default('pending')),
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
export type JanazaCreateInput = z.input<typeof janazaCreateSchema>;
export type JanazaCreate = z.output<typeof janazaCreateSchema>;

/**
 * A change to a notice (inline edit). Absent fields stay as they are; a required field cannot be
 * emptied. `postal` may be sent (the client sends the whole notice) but must equal the stored one:
 * the server refuses a different postal code. Unknown keys (_id, imageUrl, providerName...) are dropped.
 */
export const janazaUpdateSchema = z
  .object({
    provider: z.preprocess(trimText, provider.optional()),
    name: z.preprocess(trimText, name.optional()),
    age: z.preprocess(toNumber, age.optional()),
    postal: z.preprocess(toPostalText, postal.optional()),
    gender: z.preprocess(blankToUndefined, gender.optional()),
    isPrivacy: z.preprocess(formBoolean, isPrivacy.optional()),
    dueDate: z.preprocess(trimText, dueDate.optional()),
    prayer: z.preprocess(blankToUndefined, prayer.optional()),
    prayerDate: z.preprocess(blankToUndefined, prayerDate.optional()),
    note: z.preprocess((v) => (v === null ? '' : trimText(v)), note.optional()),
    address: z.preprocess((v) => (v === null ? '' : trimText(v)), address.optional()),
    status: z.preprocess(blankToUndefined, status.optional()),
  })
  .superRefine((v, ctx) => oneWayOfTime(v, ctx, false), always);
export type JanazaUpdateInput = z.input<typeof janazaUpdateSchema>;
export type JanazaUpdate = z.output<typeof janazaUpdateSchema>;

export const JANAZA_LIST_MAX_LIMIT = 200;
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

/** A notice as the API answers it (SPEC §3 field names). */
export const janazaNoticeSchema = z.object({
  _id: z.string(),
  /** The provider's _id (a masjid or partner member); null when that member was removed since. */
  provider: z.string().nullable(),
  providerName: z.string(),
  contact: z.string(),
  name: z.string(),
  age: z.number(),
  postal: z.string(),
  gender: genderSchema,
  isPrivacy: z.boolean(),
  dueDate: z.string(),
  /** The prayer the janaza prayer follows (dueDate is then its computed time); null for an exact time. */
  prayer: prayerSchema.nullable(),
  note: z.string(),
  address: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  status: notificationStatusSchema,
  /** The staff account that created the notice. */
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JanazaNotice = z.infer<typeof janazaNoticeSchema>;

/** SPEC §3 Provider: a member whose position is masjid or partner. */
export const providerSchema = z.object({ _id: z.string(), businessName: z.string(), contact: z.string() });
export type Provider = z.infer<typeof providerSchema>;

export interface JanazaListAnswer {
  code: 200;
  data: JanazaNotice[];
  /** Only when `limit` was given: the cursor of the next page, null on the last page. */
  nextCursor?: string | null;
}
export interface JanazaNoticeAnswer {
  code: 200 | 201;
  data: JanazaNotice;
}
export interface ProvidersAnswer {
  code: 200;
  data: Provider[];
}

/** SPEC §4: the badge is green for approved, red for rejected, otherwise yellow. */
export function statusBadgeColour(s: NotificationStatus): 'green' | 'red' | 'yellow' {
  return s === 'approved' ? 'green' : s === 'rejected' ? 'red' : 'yellow';
}

export type DueDateDisplay = { kind: 'missing' } | { kind: 'expired' } | { kind: 'date'; text: string };

/**
 * SPEC §4 due-date display: 'N/A' when missing, 'Expired-delete it' when passed, otherwise
 * day-month-year hour:minute in Asia/Singapore (e.g. 23-11-2026 14:05).
 */
export function dueDateDisplay(dueDate: string | null | undefined, now: Date = new Date()): DueDateDisplay {
  if (!dueDate) return { kind: 'missing' };
  const when = new Date(dueDate);
  if (Number.isNaN(when.getTime())) return { kind: 'missing' };
  if (when.getTime() < now.getTime()) return { kind: 'expired' };
  const parts = singaporeWallClock(when);
  return { kind: 'date', text: `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}` };
}

/** Client-side list filter: search by name or provider (case-insensitive), and status ('all' for every one). */
export function filterNotices(
  notices: readonly JanazaNotice[],
  q: string,
  statusFilter: NotificationStatus | 'all',
): JanazaNotice[] {
  const needle = q.trim().toLocaleLowerCase();
  return notices.filter(
    (n) =>
      (statusFilter === 'all' || n.status === statusFilter) &&
      (!needle || n.name.toLocaleLowerCase().includes(needle) || n.providerName.toLocaleLowerCase().includes(needle)),
  );
}
