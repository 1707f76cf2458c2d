import type { CommitteePosition } from '@ummahnotify/core';
import type { CommitteeMember } from '@ummahnotify/domain';

/** The editable copy of a row while it is in edit mode (docs/product/data.md#row-edit-in-the-lists). */
export interface RowDraft {
  fName: string;
  lName: string;
  email: string;
  contact: string;
  position: CommitteePosition;
  backendUser: boolean;
  birthDate: string;
}

export type RequiredRowField = 'fName' | 'lName' | 'email';
const REQUIRED: RequiredRowField[] = ['fName', 'lName', 'email'];

export function draftOf(m: CommitteeMember): RowDraft {
  return {
    fName: m.fName,
    lName: m.lName,
    email: m.email,
    contact: m.contact,
    position: m.position,
    backendUser: m.backendUser,
    birthDate: m.birthDate,
  };
}

/** docs/product/rules.md: the table's save is blocked while first name, last name or email is empty. */
export function missingFields(d: RowDraft): RequiredRowField[] {
  return REQUIRED.filter((f) => d[f].trim() === '');
}

/** Only what changed is sent. */
export function changedFields(m: CommitteeMember, d: RowDraft): Partial<RowDraft> {
  const before = draftOf(m);
  return Object.fromEntries(
    Object.entries(d).filter(([k, v]) => before[k as keyof RowDraft] !== v),
  ) as Partial<RowDraft>;
}
