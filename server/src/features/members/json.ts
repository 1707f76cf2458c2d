import type { MemberPosition } from '@ummahnotify/core';
import type { Member, MemberCreate, MembershipStatus } from '@ummahnotify/domain';
import type { Selectable } from 'kysely';
import type { MembersTable } from '../../db/schema';

export type MemberRow = Selectable<MembersTable>;

/** Row -> the API's member (docs/product/data.md field names). */
export function toMember(row: MemberRow): Member {
  return {
    _id: row.id,
    adminId: row.admin_id,
    fName: row.first_name,
    lName: row.last_name,
    dateofBirth: row.date_of_birth,
    postal: row.postal,
    email: row.email,
    contact: row.contact,
    position: row.position as MemberPosition,
    isVerified: row.is_verified === 1,
    isPartner: row.is_partner === 1,
    isVolunteer: row.is_volunteer === 1,
    businessName: row.business_name,
    uen: row.uen,
    membershipStatus: row.membership_status as MembershipStatus,
    registerOn: row.registered_on,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The API's member fields -> columns (everything but ids and times). */
export function toColumns(m: MemberCreate) {
  return {
    first_name: m.fName,
    last_name: m.lName,
    email: m.email,
    contact: m.contact,
    date_of_birth: m.dateofBirth,
    postal: m.postal,
    position: m.position,
    is_verified: m.isVerified ? 1 : 0,
    is_partner: m.isPartner ? 1 : 0,
    is_volunteer: m.isVolunteer ? 1 : 0,
    business_name: m.businessName,
    uen: m.uen,
    membership_status: m.membershipStatus,
  };
}

/** The member's input fields again, for merging a partial update before checking the whole record. */
export function toInput(m: Member): MemberCreate {
  return {
    fName: m.fName,
    lName: m.lName,
    email: m.email,
    contact: m.contact,
    dateofBirth: m.dateofBirth,
    postal: m.postal,
    position: m.position,
    isVerified: m.isVerified,
    isPartner: m.isPartner,
    isVolunteer: m.isVolunteer,
    businessName: m.businessName,
    uen: m.uen,
    membershipStatus: m.membershipStatus,
  };
}
