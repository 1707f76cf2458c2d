import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryServerFaults } from '@ummahnotify/client/section';
import { LEGACY_MEMBER_POSITIONS } from '@ummahnotify/core';
import type { Member, MembersApiItem, MembersApiList } from '@ummahnotify/domain';
import {
  createMember,
  fetchMembers,
  MEMBERS_KEY,
  type MemberChanges,
  revokeMember,
  updateMember,
  verifyMember,
} from './api';

/** GET /api/v1/admin/members/un; the page shows 'No members found' when the code is not 200. */
export function useMembers() {
  return useQuery({ queryKey: MEMBERS_KEY, queryFn: fetchMembers, retry: retryServerFaults });
}

export function useCreateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSettled: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

/** The stored position a (possibly legacy) input value becomes. */
function storedPosition(position: string | undefined): Member['position'] | undefined {
  if (position === undefined) return undefined;
  return (LEGACY_MEMBER_POSITIONS[position] ?? position) as Member['position'];
}

/** Optimistic change of one member in the cached list; the returned function puts it back. */
function patchCached(client: QueryClient, id: string, change: (m: Member) => Member | null): () => void {
  const previous = client.getQueryData<MembersApiList<Member>>(MEMBERS_KEY);
  if (previous) {
    const data = previous.data.flatMap((m) => {
      if (m._id !== id) return [m];
      const next = change(m);
      return next ? [next] : [];
    });
    client.setQueryData(MEMBERS_KEY, { ...previous, data });
  }
  return () => client.setQueryData(MEMBERS_KEY, previous);
}

interface Rollback {
  rollback: () => void;
}

export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation<MembersApiItem<Member>, unknown, { id: string; changes: MemberChanges }, Rollback>({
    mutationFn: ({ id, changes }) => updateMember(id, changes),
    onMutate: async ({ id, changes }) => {
      await client.cancelQueries({ queryKey: MEMBERS_KEY });
      const position = storedPosition(changes.position);
      return {
        rollback: patchCached(client, id, (m) => ({ ...m, ...changes, position: position ?? m.position }) as Member),
      };
    },
    onError: (_error, _vars, context) => context?.rollback(),
    onSettled: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

export function useVerifyMember() {
  const client = useQueryClient();
  return useMutation<MembersApiItem<Member>, unknown, { id: string; verified: boolean }, Rollback>({
    mutationFn: ({ id, verified }) => verifyMember(id, verified),
    onMutate: async ({ id, verified }) => {
      await client.cancelQueries({ queryKey: MEMBERS_KEY });
      return { rollback: patchCached(client, id, (m) => ({ ...m, isVerified: verified })) };
    },
    onError: (_error, _vars, context) => context?.rollback(),
    onSettled: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

/** Revoke: DELETE the member; it leaves the list at once and comes back if the server refuses. */
export function useRevokeMember() {
  const client = useQueryClient();
  return useMutation<MembersApiItem<Member>, unknown, string, Rollback>({
    mutationFn: (id) => revokeMember(id),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: MEMBERS_KEY });
      return { rollback: patchCached(client, id, () => null) };
    },
    onError: (_error, _id, context) => context?.rollback(),
    onSettled: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
