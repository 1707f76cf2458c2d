import { z } from 'zod';
import { memberPositionAnswerSchema } from '../enums';
import { MEMBERSHIP_STATUSES } from './schemas';

/**
 * A member as the API answers it (docs/product/data.md field names). Answer schemas are plain (no input readers such
 * as legacy position names), since the server also encodes its answers with them.
 */
export const memberSchema = z.object({
  _id: z.string(),
  adminId: z.string().nullable(),
  fName: z.string(),
  lName: z.string(),
  dateofBirth: z.string().nullable(),
  postal: z.string(),
  email: z.string(),
  contact: z.string(),
  position: memberPositionAnswerSchema,
  isVerified: z.boolean(),
  isPartner: z.boolean(),
  isVolunteer: z.boolean(),
  businessName: z.string(),
  uen: z.string(),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  registerOn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

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

/** The answer shapes of the members and committee lists: a page of rows, or one row. */
export const membersListAnswerOf = <T extends z.ZodType>(row: T) =>
  z.object({ code: z.number(), data: z.array(row), nextCursor: z.string().nullable() });
export const membersItemAnswerOf = <T extends z.ZodType>(row: T) => z.object({ code: z.number(), data: row });
