import { z } from 'zod';
import { blankToUndefined } from '../form-fields';

/**
 * The activity log (docs/product/rights.md#activity-log): who did what and when, read from the audit table (server/src/audit.ts)
 * by superadmins, in the summary section's "Activity" tab.
 */
export const ACTIVITY_API = {
  /** GET ?actor=&kind=&from=&to=&limit=&cursor=: newest first, keyset-paged. */
  list: '/api/v1/admin/audit',
} as const;

export const ACTIVITY_KINDS = [
  'sign-ins',
  'creates',
  'edits',
  'approvals',
  'sends',
  'corrections',
  'role-changes',
  'deletions',
  'retention-runs',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * THE one place an audit action gets its kind. Every `audit()` action the server writes is listed;
 * an action missing here is shown as 'other' and found by no kind filter (a test checks the server's
 * actions are all here).
 */
export const ACTION_KINDS: Record<string, ActivityKind> = {
  'user.signed-in': 'sign-ins',
  'user.sign-in-refused': 'sign-ins',
  'user.sign-in-linked': 'sign-ins',
  'janaza.created': 'creates',
  'event.created': 'creates',
  'member.created': 'creates',
  'committee-member.created': 'creates',
  'user.created': 'creates',
  'janaza.updated': 'edits',
  'event.updated': 'edits',
  'event.ai-sourced': 'edits',
  'member.updated': 'edits',
  'committee-member.updated': 'edits',
  'subscriber.updated': 'edits',
  'subscriber.deactivated': 'edits',
  // at start-up, VAPID_ROTATE=true: the web push keys replaced, every push subscription retired (no actor)
  'webpush.keys-rotated': 'edits',
  // a janaza notice's review: its status set to Notify Now! (approved), rejected, silent or pending
  'janaza.approved': 'approvals',
  'janaza.rejected': 'approvals',
  'janaza.silent': 'approvals',
  'janaza.pending': 'approvals',
  'member.verified': 'approvals',
  'member.unverified': 'approvals',
  // an event's publication is its sending to the subscribers
  'event.published': 'sends',
  'event.unpublished': 'sends',
  'janaza.corrected': 'corrections',
  // a sent notice withdrawn: a cancellation goes to everyone it reached
  'janaza.withdrawn': 'sends',
  'event.corrected': 'corrections',
  // a published event withdrawn: a cancellation goes to everyone it reached
  'event.withdrawn': 'sends',
  // a superadmin's action on delivery: the failed messages of a sending sent again, a paused channel resumed
  'delivery.retried': 'sends',
  'channel.resumed': 'sends',
  // delivery switched off (on every channel or one) and on again by a superadmin, or off by the server at start
  'delivery.paused': 'sends',
  'delivery.resumed': 'sends',
  // a sending's waiting messages discarded while delivery was switched off (after a restore)
  'delivery.discarded': 'sends',
  'committee-member.role-assigned': 'role-changes',
  'user.rights-from-committee': 'role-changes',
  'user.rights-from-superadmin-emails': 'role-changes',
  'janaza.deleted': 'deletions',
  'event.deleted': 'deletions',
  'member.deleted': 'deletions',
  'committee-member.deleted': 'deletions',
  'retention.run': 'retention-runs',
};

export function activityKindOf(action: string): ActivityKind | 'other' {
  return ACTION_KINDS[action] ?? 'other';
}

/** The actions of one kind, for the server's filter. */
export function actionsOfKind(kind: ActivityKind): string[] {
  return Object.entries(ACTION_KINDS)
    .filter(([, k]) => k === kind)
    .map(([action]) => action);
}

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 200;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** 2026-02-30 matches the pattern but is no day: it must read back as itself. */
const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T12:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
const singaporeDay = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} must be a date (YYYY-MM-DD)` })
      .regex(DAY, `${field} must be a date (YYYY-MM-DD)`)
      .refine(isRealDay, `${field} is not a real date`)
      .optional(),
  );

/** Filters: the person who acted (a user id), the kind, Singapore dates from and to (both included). */
export const activityQuerySchema = z
  .object({
    actor: z.preprocess(blankToUndefined, z.string().max(64, 'actor is not a valid id').optional()),
    kind: z.preprocess(
      blankToUndefined,
      z.enum(ACTIVITY_KINDS, { error: `kind must be one of ${ACTIVITY_KINDS.join(', ')}` }).optional(),
    ),
    from: singaporeDay('from'),
    to: singaporeDay('to'),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: `limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}` })
        .int(`limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}`)
        .min(1, `limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}`)
        .max(ACTIVITY_PAGE_MAX, `limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}`)
        .default(ACTIVITY_PAGE_DEFAULT),
    ),
    cursor: z.preprocess(blankToUndefined, z.string().max(500, 'cursor is not one this list gave out').optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const activityPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type ActivityPerson = z.infer<typeof activityPersonSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  /** UTC ISO 8601 */
  at: z.string(),
  action: z.string(),
  kind: z.enum([...ACTIVITY_KINDS, 'other']),
  /** user, janaza, event, member, committee-member, subscriber, retention ... */
  entity: z.string(),
  entityId: z.string().nullable(),
  /** Who acted; null for the system (a periodic job) or a refused sign-in. */
  actor: activityPersonSchema.nullable(),
  /** What it was about, as people name it (a notice's deceased, an event's heading, a person): null when unknown or removed. */
  subject: z.string().nullable(),
  /** Retention runs: how many notices had their personal data removed. */
  count: z.number().int().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListResponseSchema = z.object({
  code: z.literal(200),
  data: z.array(activityEntrySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Everyone with an account, for the person filter. */
  people: z.array(activityPersonSchema),
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;
