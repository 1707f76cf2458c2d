import { api } from '@ummahnotify/client';
import {
  MEMBERS_API,
  type Member,
  type MemberCreateInput,
  type MembersApiItem,
  type MembersApiList,
  type MemberUpdate,
} from '@ummahnotify/domain';

export const MEMBERS_KEY = ['members', 'list'] as const;

/** Changes as the modal sends them: positions may carry the legacy values admin / moderator. */
export type MemberChanges = Omit<Partial<MemberUpdate>, 'position'> & { position?: string };

export async function fetchMembers(): Promise<MembersApiList<Member>> {
  return (await api.get<MembersApiList<Member>>(MEMBERS_API.list)).data;
}

export async function createMember(input: MemberCreateInput): Promise<MembersApiItem<Member>> {
  return (await api.post<MembersApiItem<Member>>(MEMBERS_API.list, input)).data;
}

export async function updateMember(id: string, changes: MemberChanges): Promise<MembersApiItem<Member>> {
  return (await api.patch<MembersApiItem<Member>>(MEMBERS_API.one(id), changes)).data;
}

export async function verifyMember(id: string, verified: boolean): Promise<MembersApiItem<Member>> {
  return (await api.put<MembersApiItem<Member>>(MEMBERS_API.verify(id), { verified })).data;
}

/** Revoke: DELETE the member. */
export async function revokeMember(id: string): Promise<MembersApiItem<Member>> {
  return (await api.delete<MembersApiItem<Member>>(MEMBERS_API.one(id))).data;
}
