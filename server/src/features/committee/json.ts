import type { CommitteePosition, Gender } from '@ummahnotify/core';
import type { CommitteeCreate, CommitteeMember, Rights } from '@ummahnotify/domain';
import type { Selectable } from 'kysely';
import type { CommitteeMembersTable } from '../../db/schema';

export type CommitteeRow = Selectable<CommitteeMembersTable> & { user_id: string | null };

/** Row (joined with the account of the same email) -> the API's committee member. */
export function toCommitteeMember(row: CommitteeRow): CommitteeMember {
  return {
    _id: row.id,
    fName: row.first_name,
    lName: row.last_name,
    email: row.email,
    contact: row.contact,
    birthDate: row.birth_date,
    postal: row.postal,
    gender: row.gender as Gender,
    rights: row.rights as Rights,
    position: row.position as CommitteePosition,
    backendUser: row.backend_user === 1,
    userId: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toColumns(m: CommitteeCreate) {
  return {
    first_name: m.fName,
    last_name: m.lName,
    email: m.email,
    contact: m.contact,
    birth_date: m.birthDate,
    postal: m.postal,
    gender: m.gender,
    rights: m.rights,
    position: m.position,
    backend_user: m.backendUser ? 1 : 0,
  };
}

export function toInput(m: CommitteeMember): CommitteeCreate {
  return {
    fName: m.fName,
    lName: m.lName,
    email: m.email,
    contact: m.contact,
    birthDate: m.birthDate,
    postal: m.postal,
    gender: m.gender,
    rights: m.rights,
    position: m.position,
    backendUser: m.backendUser,
  };
}
