import { dateTextOf } from '@ummahnotify/client/section';
import type { CommitteePosition, Gender } from '@ummahnotify/core';
import type { CommitteeCreateInput, Rights } from '@ummahnotify/domain';
import type { Dayjs } from 'dayjs';

/** What the 'Committee Member Form' holds. */
export interface CommitteeFormValues {
  fName: string;
  lName: string;
  email: string;
  contact: string;
  birthDate: Dayjs | null;
  postal: string;
  gender: Gender;
  rights: Rights;
  position: CommitteePosition;
  backendUser: boolean;
}

export const EMPTY_COMMITTEE_FORM: CommitteeFormValues = {
  fName: '',
  lName: '',
  email: '',
  contact: '',
  birthDate: null,
  postal: '',
  gender: 'male',
  rights: 'none',
  position: 'committee member',
  backendUser: false,
};

export const COMMITTEE_FORM_FIELDS = Object.keys(EMPTY_COMMITTEE_FORM);

/** The form as the API takes it; an empty birth date is left out so the schema says it is required. */
export function toCommitteeInput(values: Partial<CommitteeFormValues>): CommitteeCreateInput {
  const v = { ...EMPTY_COMMITTEE_FORM, ...values };
  const birthDate = dateTextOf(v.birthDate);
  return {
    fName: v.fName ?? '',
    lName: v.lName ?? '',
    email: v.email ?? '',
    contact: v.contact ?? '',
    ...(birthDate ? { birthDate } : {}),
    postal: v.postal ?? '',
    gender: v.gender,
    rights: v.rights,
    position: v.position,
    backendUser: v.backendUser === true,
  } as CommitteeCreateInput;
}
