import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@ummahnotify/shared/client';
import { retryServerFaults } from '@ummahnotify/shared/client/section';
import {
  type AssignableRole,
  COMMITTEE_API,
  type CommitteeCreateInput,
  type CommitteeMember,
  type CommitteeUpdate,
  committeeAssignSchema,
  type MembersApiItem,
  type MembersApiList,
} from '@ummahnotify/shared/domain';

export const COMMITTEE_KEY = ['committee', 'list'] as const;

export async function fetchCommittee(): Promise<MembersApiList<CommitteeMember>> {
  return (await api.get<MembersApiList<CommitteeMember>>(COMMITTEE_API.list)).data;
}

/** The members management table's list; 'No members found' when the code is not 200. */
export function useCommittee() {
  return useQuery({ queryKey: COMMITTEE_KEY, queryFn: fetchCommittee, retry: retryServerFaults });
}

export function useCreateCommitteeMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CommitteeCreateInput) =>
      (await api.post<MembersApiItem<CommitteeMember>>(COMMITTEE_API.list, input)).data,
    onSettled: () => client.invalidateQueries({ queryKey: COMMITTEE_KEY }),
  });
}

interface Rollback {
  rollback: () => void;
}

/** Optimistic change of one row in the cached list; the returned function puts it back. */
function patchCached(
  client: QueryClient,
  id: string,
  change: (m: CommitteeMember) => CommitteeMember | null,
): () => void {
  const previous = client.getQueryData<MembersApiList<CommitteeMember>>(COMMITTEE_KEY);
  if (previous) {
    const data = previous.data.flatMap((m) => {
      if (m._id !== id) return [m];
      const next = change(m);
      return next ? [next] : [];
    });
    client.setQueryData(COMMITTEE_KEY, { ...previous, data });
  }
  return () => client.setQueryData(COMMITTEE_KEY, previous);
}

/** Row save: the list shows the draft at once, rolls back if the server refuses, and is refetched after. */
export function useUpdateCommitteeMember() {
  const client = useQueryClient();
  return useMutation<
    MembersApiItem<CommitteeMember>,
    unknown,
    { id: string; changes: Partial<CommitteeUpdate> },
    Rollback
  >({
    mutationFn: async ({ id, changes }) =>
      (await api.patch<MembersApiItem<CommitteeMember>>(COMMITTEE_API.one(id), changes)).data,
    onMutate: async ({ id, changes }) => {
      await client.cancelQueries({ queryKey: COMMITTEE_KEY });
      return { rollback: patchCached(client, id, (m) => ({ ...m, ...changes })) };
    },
    onError: (_error, _vars, context) => context?.rollback(),
    onSettled: () => client.invalidateQueries({ queryKey: COMMITTEE_KEY }),
  });
}

export function useDeleteCommitteeMember() {
  const client = useQueryClient();
  return useMutation<MembersApiItem<CommitteeMember>, unknown, string, Rollback>({
    mutationFn: async (id) => (await api.delete<MembersApiItem<CommitteeMember>>(COMMITTEE_API.one(id))).data,
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: COMMITTEE_KEY });
      return { rollback: patchCached(client, id, () => null) };
    },
    onError: (_error, _id, context) => context?.rollback(),
    onSettled: () => client.invalidateQueries({ queryKey: COMMITTEE_KEY }),
  });
}

export interface Assignment {
  userId: string | undefined;
  role: AssignableRole | undefined;
}

/** SPEC §5: an assignment needs both an id and a role (admin, editor, superadmin); otherwise no call. */
export function isCompleteAssignment(a: Assignment): a is { userId: string; role: AssignableRole } {
  return committeeAssignSchema.safeParse(a).success;
}

export function useAssignRole() {
  const client = useQueryClient();
  return useMutation<
    MembersApiItem<CommitteeMember>,
    unknown,
    { id: string; userId: string; role: AssignableRole },
    Rollback
  >({
    mutationFn: async ({ id, userId, role }) =>
      (await api.patch<MembersApiItem<CommitteeMember>>(COMMITTEE_API.assign(id), { userId, role })).data,
    onMutate: async ({ id, role }) => {
      await client.cancelQueries({ queryKey: COMMITTEE_KEY });
      return { rollback: patchCached(client, id, (m) => ({ ...m, rights: role })) };
    },
    onError: (_error, _vars, context) => context?.rollback(),
    onSettled: () => client.invalidateQueries({ queryKey: COMMITTEE_KEY }),
  });
}
