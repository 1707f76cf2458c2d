import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshDeliveryStatus } from '@ummahnotify/client/section';
import type { JanazaCreate, JanazaNotice, JanazaUpdate } from '@ummahnotify/domain';
import {
  createNotice,
  deleteNotice,
  fetchNotices,
  fetchProviders,
  noticesKey,
  providersKey,
  updateNotice,
  withdrawNotice,
} from '../api';

export function useProviders() {
  return useQuery({ queryKey: providersKey, queryFn: fetchProviders });
}

/** The full list; search and status filtering happen on the page, so the count line knows the total. */
export function useJanazaList() {
  return useQuery({ queryKey: noticesKey, queryFn: fetchNotices });
}

export function useCreateJanaza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      values,
      image,
      confirmDuplicate,
    }: {
      values: JanazaCreate;
      image?: File;
      confirmDuplicate?: boolean;
    }) => createNotice(values, image, confirmDuplicate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

const replaceJanaza = (queryClient: QueryClient, id: string, next: (n: JanazaNotice) => JanazaNotice) =>
  queryClient.setQueryData<JanazaNotice[]>(noticesKey, (list) => list?.map((n) => (n._id === id ? next(n) : n)));

export interface JanazaEdit {
  id: string;
  changes: Omit<JanazaUpdate, 'postal'>;
  image?: File;
  /** A local preview of the new image, shown until the server's answer arrives. */
  previewUrl?: string;
}

/** Inline edit, optimistic: the row changes at once and goes back as it was if the server refuses. */
export function useUpdateJanaza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes, image }: JanazaEdit) => updateNotice(id, changes, image),
    onMutate: async ({ id, changes, previewUrl }) => {
      await queryClient.cancelQueries({ queryKey: noticesKey });
      const before = queryClient.getQueryData<JanazaNotice[]>(noticesKey)?.find((n) => n._id === id);
      replaceJanaza(queryClient, id, (n) => ({
        ...n,
        ...changes,
        ...(previewUrl ? { imageUrl: previewUrl, thumbnailUrl: previewUrl } : {}),
      }));
      return { before };
    },
    onError: (_error, { id }, context) => {
      const before = context?.before;
      if (before) replaceJanaza(queryClient, id, () => before);
    },
    onSuccess: (answer, { id }) => {
      if (answer?.data?._id) replaceJanaza(queryClient, id, () => answer.data);
    },
    onSettled: (_answer, _error, { previewUrl }) => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      return queryClient.invalidateQueries({ queryKey: noticesKey });
    },
  });
}

/** Delete, optimistic: the row disappears at once and comes back in its place if the server refuses. */
export function useDeleteJanaza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteNotice(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: noticesKey });
      const list = queryClient.getQueryData<JanazaNotice[]>(noticesKey) ?? [];
      const index = list.findIndex((n) => n._id === id);
      queryClient.setQueryData<JanazaNotice[]>(
        noticesKey,
        list.filter((n) => n._id !== id),
      );
      return { removed: index >= 0 ? list[index] : undefined, index };
    },
    onError: (_error, id, context) => {
      const removed = context?.removed;
      if (!removed) return;
      queryClient.setQueryData<JanazaNotice[]>(noticesKey, (list = []) => {
        if (list.some((n) => n._id === id)) return list;
        const next = [...list];
        next.splice(Math.min(context.index, next.length), 0, removed);
        return next;
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

/** Withdraw: the list and the delivery counts are read again (the notice is marked, a cancellation is queued). */
export function useWithdrawJanaza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => withdrawNotice(id, reason),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: noticesKey }),
        refreshDeliveryStatus(queryClient, 'janaza'),
      ]),
  });
}
