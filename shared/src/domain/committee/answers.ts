import type { CommitteePosition, Gender } from '../enums';
import type { Rights } from '../rights';

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
