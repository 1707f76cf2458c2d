import { z } from 'zod';
import { POSTAL_CODE_DIGITS } from './constants';
import { type MemberPosition, memberPositionSchema } from './enums';
import { singaporeDate } from './time';

/**
 * Members, masjids and partners (SPEC §2 "Members section", §3 "Member (admin member record)", §5).
 * One set of schemas for the server's routes and the remote's antd forms.
 */

export const MEMBERS_API = {
  list: '/api/v1/admin/members/un',
  one: (id: string) => `/api/v1/admin/members/un/${id}`,
  verify: (id: string) => `/api/v1/admin/users/verify/member/${id}`,
} as const;

export const MEMBERSHIP_STATUSES = ['active', 'pending', 'inactive'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const membershipStatusSchema = z.enum(MEMBERSHIP_STATUSES, {
  error: 'Membership status must be active, pending or inactive',
});

/**
 * A calendar date (birth dates): 'YYYY-MM-DD', or a full ISO time whose Singapore date is taken.
 * Real dates only, never in the future.
 */
export const birthDateSchema = z
  .string({ error: 'Enter a date' })
  .trim()
  .transform((v, ctx) => {
    const date = toSingaporeDate(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Enter a real date (YYYY-MM-DD)' });
      return z.NEVER;
    }
    if (date > singaporeDate()) {
      ctx.addIssue({ code: 'custom', message: 'A birth date cannot be in the future' });
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
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(200, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const memberPostalSchema = z
  .string({ error: 'Postal code is required' })
  .trim()
  .regex(new RegExp(`^\\d{${POSTAL_CODE_DIGITS}}$`), `Postal code must be exactly ${POSTAL_CODE_DIGITS} digits`);

/**
 * Singapore Unique Entity Number: businesses 8 digits + letter, local companies 9 digits + letter,
 * other entities T/S/R + 2 digits + 2 letters + 4 digits + letter. Stored in capitals.
 */
export const UEN_PATTERN = /^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])$/;
const uenSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || UEN_PATTERN.test(v), 'UEN must be a Singapore UEN such as 201912345K or 53312345A');

const text = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`);

/** Fields a member record may carry on input; none has a default, so a partial update stays partial. */
const memberFields = {
  fName: text(100, 'First name').min(1, 'First name is required'),
  lName: text(100, 'Last name'),
  email: memberEmailSchema,
  contact: text(30, 'Contact'),
  dateofBirth: birthDateSchema.nullable(),
  postal: memberPostalSchema,
  position: memberPositionSchema,
  isVerified: z.boolean(),
  isPartner: z.boolean(),
  isVolunteer: z.boolean(),
  businessName: text(200, 'Business name'),
  uen: uenSchema,
  membershipStatus: membershipStatusSchema,
};

/** A partner (ticked, or with position partner) needs its business name and UEN. */
export function needsBusinessDetails(m: { isPartner?: boolean; position?: MemberPosition | string }): boolean {
  return m.isPartner === true || m.position === 'partner' || m.position === 'moderator';
}

function requireBusinessDetails(
  m: { isPartner?: boolean; position?: MemberPosition; businessName?: string; uen?: string },
  ctx: z.RefinementCtx,
) {
  if (!needsBusinessDetails(m)) return;
  if (!m.businessName)
    ctx.addIssue({ code: 'custom', path: ['businessName'], message: 'Business name is required for a partner' });
  if (!m.uen) ctx.addIssue({ code: 'custom', path: ['uen'], message: 'UEN is required for a partner' });
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

export const memberVerifySchema = z.object({ verified: z.boolean({ error: 'verified must be true or false' }) });

export const memberIdParamsSchema = z.object({ id: z.uuid({ error: 'is not a valid id' }) });

/** Optional list filters (ARCHITECTURE.md "API"); without them the whole list is answered. */
export const memberListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: membershipStatusSchema.optional(),
  position: memberPositionSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(200).optional(),
});

/** A member as the API answers it (SPEC §3 field names). */
export interface Member {
  _id: string;
  adminId: string | null;
  fName: string;
  lName: string;
  dateofBirth: string | null;
  postal: string;
  email: string;
  contact: string;
  position: MemberPosition;
  isVerified: boolean;
  isPartner: boolean;
  isVolunteer: boolean;
  businessName: string;
  uen: string;
  membershipStatus: MembershipStatus;
  registerOn: string;
  createdAt: string;
  updatedAt: string;
}

export interface MembersApiList<T> {
  code: number;
  data: T[];
  /** Set when `limit` was given and more rows follow: pass it back as `cursor`. */
  nextCursor: string | null;
}

export interface MembersApiItem<T> {
  code: number;
  data: T;
}
