import { z } from 'zod';
import { committeePositionSchema, genderSchema } from '../enums';
import { RIGHTS } from '../rights';

/** A committee member as the API answers it (docs/product/data.md#committee-member). */
export const committeeMemberSchema = z.object({
  _id: z.string(),
  fName: z.string(),
  lName: z.string(),
  email: z.string(),
  contact: z.string(),
  birthDate: z.string(),
  postal: z.string(),
  gender: genderSchema,
  rights: z.enum(RIGHTS),
  position: committeePositionSchema,
  backendUser: z.boolean(),
  /** The signed-in account with the same email, once that person has signed in; null before. */
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommitteeMember = z.infer<typeof committeeMemberSchema>;
