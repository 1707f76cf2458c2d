import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryServerFaults } from '@ummahnotify/client/section';
import {
  type AssignableRole,
  type CommitteeMember,
  type CommitteeUpdate,
  committeeAssignSchema,
  type MembersApiItem,
  type MembersApiList,
} from '@ummahnotify/domain';
import {
  assignRole,
  COMMITTEE_KEY,
  createCommitteeMember,
  deleteCommitteeMember,
  fetchCommittee,
  fetchRefusedSignIns,
  linkSignIn,
  REFUSED_SIGN_INS_KEY,
  updateCommitteeMember,
} from './api';

/** The members management table's list; 'No members found' when the code is not 200. */
export function useCommittee() {
  return useQuery({ queryKey: COMMITTEE_KEY, queryFn: fetchCommittee, retry: retryServerFaults });
}

export function useCreateCommitteeMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCommitteeMember,
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
    mutationFn: ({ id, changes }) => updateCommitteeMember(id, changes),
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
    mutationFn: (id) => deleteCommitteeMember(id),
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

/** docs/product/rules.md: an assignment needs both an id and a role (admin, editor, superadmin); otherwise no call. */
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
    mutationFn: ({ id, userId, role }) => assignRole(id, userId, role),
    onMutate: async ({ id, role }) => {
      await client.cancelQueries({ queryKey: COMMITTEE_KEY });
      return { rollback: patchCached(client, id, (m) => ({ ...m, rights: role })) };
    },
    onError: (_error, _vars, context) => context?.rollback(),
    onSettled: () => client.invalidateQueries({ queryKey: COMMITTEE_KEY }),
  });
}

/** The refused sign-ins waiting for a superadmin to link them (docs/product/rights.md#accounts-and-sign-in). */
export function useRefusedSignIns() {
  return useQuery({ queryKey: REFUSED_SIGN_INS_KEY, queryFn: fetchRefusedSignIns, retry: retryServerFaults });
}

export function useLinkSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => linkSignIn(id),
    onSettled: () => client.invalidateQueries({ queryKey: REFUSED_SIGN_INS_KEY }),
  });
}
