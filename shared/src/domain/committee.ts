import { z } from 'zod';
import { type CommitteePosition, committeePositionSchema, type Gender, genderSchema } from './enums';
import { birthDateSchema, memberEmailSchema } from './members';
import { assignableRoleSchema, type Rights, rightsSchema } from './rights';

/**
 * Committee members: the administrators (SPEC §2 "Committee members", "Members management table",
 * §3 "Committee member", §5). A committee member who is a backend user holds `rights` on the
 * Google account with the same verified email.
 */

export const COMMITTEE_API = {
  list: '/api/v1/admin/members/committee',
  one: (id: string) => `/api/v1/admin/members/committee/${id}`,
  assign: (id: string) => `/api/v1/admin/members/committee/assign/${id}`,
} as const;

const text = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`);
const required = (max: number, label: string) => text(max, label).min(1, `${label} is required`);

/** Contact (8 or 9 digits) and postal (6 digits) hints are hints only: no pattern is enforced (SPEC §5). */
const committeeFields = {
  fName: required(100, 'First name'),
  lName: text(100, 'Last name'),
  email: memberEmailSchema,
  contact: required(30, 'Contact'),
  birthDate: birthDateSchema,
  postal: required(20, 'Postal code'),
  gender: genderSchema,
  rights: rightsSchema,
  position: committeePositionSchema,
  backendUser: z.boolean(),
};

export const committeeCreateSchema = z.object({
  ...committeeFields,
  lName: committeeFields.lName.default(''),
  gender: committeeFields.gender.default('male'),
  rights: committeeFields.rights.default('none'),
  position: committeeFields.position.default('committee member'),
  backendUser: committeeFields.backendUser.default(false),
});
export type CommitteeCreateInput = z.input<typeof committeeCreateSchema>;
export type CommitteeCreate = z.output<typeof committeeCreateSchema>;

/** PATCH /api/v1/admin/members/committee/{id}: any subset of the fields. */
export const committeeUpdateSchema = z.object(committeeFields).partial();
export type CommitteeUpdate = z.output<typeof committeeUpdateSchema>;

/** PATCH /api/v1/admin/members/committee/assign/{id}: both an id and a role (admin, editor, superadmin). */
export const committeeAssignSchema = z.object({
  userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required'),
  role: z.enum(assignableRoleSchema.options, { error: 'Role must be admin, editor or superadmin' }),
});
export type CommitteeAssign = z.output<typeof committeeAssignSchema>;

export const committeeListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** 'backend' lists only backend users, 'other' the rest. */
  status: z.enum(['backend', 'other']).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(200).optional(),
});

/** A committee member as the API answers it (SPEC §3 "Member (management table view)" and "Committee member"). */
export interface CommitteeMember {
  _id: string;
  fName: string;
  lName: string;
  email: string;
  contact: string;
  birthDate: string;
  postal: string;
  gender: Gender;
  rights: Rights;
  position: CommitteePosition;
  backendUser: boolean;
  /** The signed-in account with the same email, once that person has signed in; null before. */
  userId: string | null;
  createdAt: string;
  updatedAt: string;
}
