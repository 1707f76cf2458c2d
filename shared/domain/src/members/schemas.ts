import { type MemberPosition, POSTAL_CODE_DIGITS, singaporeDate } from '@ummahnotify/core';
import { z } from 'zod';
import { memberPositionSchema } from '../enums';
import { members as text } from '../i18n/members';

const m = text.en;

export const MEMBERSHIP_STATUSES = ['active', 'pending', 'inactive'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const membershipStatusSchema = z.enum(MEMBERSHIP_STATUSES, {
  error: m['error.membershipStatus'],
});

/**
 * A calendar date (birth dates): 'YYYY-MM-DD', or a full ISO time whose Singapore date is taken.
 * Real dates only, never in the future.
 */
export const birthDateSchema = z
  .string({ error: m['error.dateRequired'] })
  .trim()
  .transform((v, ctx) => {
    const date = toSingaporeDate(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: m['error.dateInvalid'] });
      return z.NEVER;
    }
    if (date > singaporeDate()) {
      ctx.addIssue({ code: 'custom', message: m['error.dateFuture'] });
      return z.NEVER;
    }
    return date;
  });

function toSingaporeDate(value: string): string | undefined {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) {
    const [y, m, d] = plain.slice(1).map(Number);
    const check = new Date(Date.UTC(y, m - 1, d));
    return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d
      ? value
      : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return undefined;
  return singaporeDate(time);
}

export const memberEmailSchema = z
  .string({ error: m['error.emailRequired'] })
  .trim()
  .toLowerCase()
  .min(1, m['error.emailRequired'])
  .max(200, m['error.emailTooLong'])
  .pipe(z.email(m['error.emailInvalid']));

export const memberPostalSchema = z
  .string({ error: m['error.postalRequired'] })
  .trim()
  .regex(new RegExp(`^\\d{${POSTAL_CODE_DIGITS}}$`), m['error.postalDigits']);

/**
 * Singapore Unique Entity Number: businesses 8 digits + letter, local companies 9 digits + letter,
 * other entities T/S/R + 2 digits + 2 letters + 4 digits + letter. Stored in capitals.
 */
export const UEN_PATTERN = /^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])$/;
const uenSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || UEN_PATTERN.test(v), m['error.uenInvalid']);

const upTo = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** Fields a member record may carry on input; none has a default, so a partial update stays partial. */
const memberFields = {
  fName: upTo(100, m['error.fNameTooLong']).min(1, m['error.fNameRequired']),
  lName: upTo(100, m['error.lNameTooLong']),
  email: memberEmailSchema,
  contact: upTo(30, m['error.contactTooLong']),
  dateofBirth: birthDateSchema.nullable(),
  postal: memberPostalSchema,
  position: memberPositionSchema,
  isVerified: z.boolean(),
  isPartner: z.boolean(),
  isVolunteer: z.boolean(),
  businessName: upTo(200, m['error.businessNameTooLong']),
  uen: uenSchema,
  membershipStatus: membershipStatusSchema,
};

/** A partner (ticked, or with position partner) needs its business name and UEN. */
export function needsBusinessDetails(m: { isPartner?: boolean; position?: MemberPosition | string }): boolean {
  return m.isPartner === true || m.position === 'partner' || m.position === 'moderator';
}

function requireBusinessDetails(
  member: { isPartner?: boolean; position?: MemberPosition; businessName?: string; uen?: string },
  ctx: z.RefinementCtx,
) {
  if (!needsBusinessDetails(member)) return;
  if (!member.businessName)
    ctx.addIssue({ code: 'custom', path: ['businessName'], message: m['error.businessNameRequired'] });
  if (!member.uen) ctx.addIssue({ code: 'custom', path: ['uen'], message: m['error.uenRequired'] });
}

/** POST /api/v1/admin/members/un: first name, email and postal required; business name and UEN when partner. */
export const memberCreateSchema = z
  .object({
    ...memberFields,
    lName: memberFields.lName.default(''),
    contact: memberFields.contact.default(''),
    dateofBirth: memberFields.dateofBirth.optional().default(null),
    position: memberFields.position.default('member'),
    isVerified: memberFields.isVerified.default(false),
    isPartner: memberFields.isPartner.default(false),
    isVolunteer: memberFields.isVolunteer.default(false),
    businessName: memberFields.businessName.default(''),
    uen: memberFields.uen.default(''),
    membershipStatus: memberFields.membershipStatus.default('active'),
  })
  .superRefine(requireBusinessDetails);
export type MemberCreateInput = z.input<typeof memberCreateSchema>;
export type MemberCreate = z.output<typeof memberCreateSchema>;

/** PATCH /api/v1/admin/members/un/{id}: any subset; the merged record is checked with memberCreateSchema. */
export const memberUpdateSchema = z.object(memberFields).partial();
export type MemberUpdate = z.output<typeof memberUpdateSchema>;

export const memberVerifySchema = z.object({ verified: z.boolean({ error: m['error.verified'] }) });

export const memberIdParamsSchema = z.object({ id: z.uuid({ error: 'is not a valid id' }) });

/** Optional list filters (docs/architecture.md#api-conventions); without them the whole list is answered. */
export const memberListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: membershipStatusSchema.optional(),
  position: memberPositionSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(200).optional(),
});
