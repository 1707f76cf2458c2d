import { dateTextOf, pickerDateOf } from '@ummahnotify/client/section';
import type { MemberPosition } from '@ummahnotify/core';
import type { Member, MemberCreateInput } from '@ummahnotify/domain';
import type { Dayjs } from 'dayjs';

/** What the create form and the modal's edit form hold. */
export interface MemberFormValues {
  fName: string;
  lName: string;
  email: string;
  contact: string;
  dateofBirth: Dayjs | null;
  postal: string;
  /** Create form: member / partner / masjid. Modal: member / admin (Masjid) / moderator (Partner). */
  position: string;
  isVerified: boolean;
  isPartner: boolean;
  isVolunteer: boolean;
  businessName: string;
  uen: string;
}

export const EMPTY_MEMBER_FORM: MemberFormValues = {
  fName: '',
  lName: '',
  email: '',
  contact: '',
  dateofBirth: null,
  postal: '',
  position: 'member',
  isVerified: false,
  isPartner: false,
  isVolunteer: false,
  businessName: '',
  uen: '',
};

/** The form as the API takes it (and as the shared schema checks it). */
export function toMemberInput(values: Partial<MemberFormValues>): MemberCreateInput {
  const v = { ...EMPTY_MEMBER_FORM, ...values };
  return {
    fName: v.fName ?? '',
    lName: v.lName ?? '',
    email: v.email ?? '',
    contact: v.contact ?? '',
    dateofBirth: dateTextOf(v.dateofBirth),
    postal: v.postal ?? '',
    position: (v.position ?? 'member') as MemberPosition,
    isVerified: v.isVerified === true,
    isPartner: v.isPartner === true,
    isVolunteer: v.isVolunteer === true,
    businessName: v.businessName ?? '',
    uen: v.uen ?? '',
  };
}

/** The modal offers the legacy position values (docs/product/screens.md): Masjid is 'admin', Partner is 'moderator'. */
export const MODAL_POSITION_VALUE: Record<MemberPosition, string> = {
  member: 'member',
  masjid: 'admin',
  partner: 'moderator',
};

export function toModalValues(m: Member): MemberFormValues {
  return {
    fName: m.fName,
    lName: m.lName,
    email: m.email,
    contact: m.contact,
    dateofBirth: pickerDateOf(m.dateofBirth),
    postal: m.postal,
    position: MODAL_POSITION_VALUE[m.position] ?? 'member',
    isVerified: m.isVerified,
    isPartner: m.isPartner,
    isVolunteer: m.isVolunteer,
    businessName: m.businessName,
    uen: m.uen,
  };
}

export const MEMBER_FORM_FIELDS = Object.keys(EMPTY_MEMBER_FORM);
