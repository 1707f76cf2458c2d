import { z } from 'zod';
import { committeePositionSchema, genderSchema } from '../enums';
import { committee as text } from '../i18n/committee';
import { birthDateSchema, memberEmailSchema } from '../members';
import { assignableRoleSchema, rightsSchema } from '../rights';

/** Messages are the English side of the committee catalogue, so the API answers each with its key. */
const m = text.en;
const upTo = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** Contact (8 or 9 digits) and postal (6 digits) hints are hints only: no pattern is enforced (docs/product/rules.md). */
const committeeFields = {
  fName: upTo(100, m['error.fNameTooLong']).min(1, m['error.fNameRequired']),
  lName: upTo(100, m['error.lNameTooLong']),
  email: memberEmailSchema,
  contact: upTo(30, m['error.contactTooLong']).min(1, m['error.contactRequired']),
  birthDate: birthDateSchema,
  postal: upTo(20, m['error.postalTooLong']).min(1, m['error.postalRequired']),
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
  userId: z.string({ error: m['error.userIdRequired'] }).trim().min(1, m['error.userIdRequired']),
  role: z.enum(assignableRoleSchema.options, { error: m['error.role'] }),
});

export const committeeListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** 'backend' lists only backend users, 'other' the rest. */
  status: z.enum(['backend', 'other']).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(200).optional(),
});
