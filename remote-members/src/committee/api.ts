import { api } from '@ummahnotify/client';
import { API_PATHS } from '@ummahnotify/core';
import {
  type AssignableRole,
  COMMITTEE_API,
  type CommitteeCreateInput,
  type CommitteeMember,
  type CommitteeUpdate,
  type MembersApiItem,
  type MembersApiList,
  type RefusedSignIn,
} from '@ummahnotify/domain';

export const COMMITTEE_KEY = ['committee', 'list'] as const;
export const REFUSED_SIGN_INS_KEY = ['committee', 'refused-sign-ins'] as const;

export async function fetchCommittee(): Promise<MembersApiList<CommitteeMember>> {
  return (await api.get<MembersApiList<CommitteeMember>>(COMMITTEE_API.list)).data;
}

export async function createCommitteeMember(input: CommitteeCreateInput): Promise<MembersApiItem<CommitteeMember>> {
  return (await api.post<MembersApiItem<CommitteeMember>>(COMMITTEE_API.list, input)).data;
}

export async function updateCommitteeMember(
  id: string,
  changes: Partial<CommitteeUpdate>,
): Promise<MembersApiItem<CommitteeMember>> {
  return (await api.patch<MembersApiItem<CommitteeMember>>(COMMITTEE_API.one(id), changes)).data;
}

export async function deleteCommitteeMember(id: string): Promise<MembersApiItem<CommitteeMember>> {
  return (await api.delete<MembersApiItem<CommitteeMember>>(COMMITTEE_API.one(id))).data;
}

export async function assignRole(
  id: string,
  userId: string,
  role: AssignableRole,
): Promise<MembersApiItem<CommitteeMember>> {
  return (await api.patch<MembersApiItem<CommitteeMember>>(COMMITTEE_API.assign(id), { userId, role })).data;
}

/** The accounts a sign-in from another Google account was refused for (docs/product/rights.md#accounts-and-sign-in). */
export async function fetchRefusedSignIns(): Promise<RefusedSignIn[]> {
  return (await api.get<{ data: RefusedSignIn[] }>(API_PATHS.refusedSignIns)).data.data;
}

/** Links the Google account that was refused to the account `id`. */
export async function linkSignIn(id: string): Promise<void> {
  await api.post(API_PATHS.linkSignIn.replace(':id', encodeURIComponent(id)));
}
