import type { MemberPosition } from '../enums';
import type { MembershipStatus } from './schemas';

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
