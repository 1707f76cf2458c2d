import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@ummahnotify/shared/client';
import { toFormData } from '@ummahnotify/shared/client/section';
import {
  JANAZA_PATHS,
  type JanazaCreate,
  type JanazaListAnswer,
  type JanazaNotice,
  type JanazaNoticeAnswer,
  type JanazaUpdate,
  type ProvidersAnswer,
} from '@ummahnotify/shared/domain';

export const noticesKey = ['janaza', 'notices'] as const;
export const providersKey = ['janaza', 'providers'] as const;

/** SPEC §7: list and create answer code 200 or 201. */
const isOk = (code: unknown) => code === 200 || code === 201;

export class UnexpectedAnswer extends Error {}

export function useProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: async () => {
      const { data } = await api.get<ProvidersAnswer>(JANAZA_PATHS.providers);
      if (!isOk(data?.code) || !Array.isArray(data.data)) throw new UnexpectedAnswer('providers');
      return data.data;
    },
  });
}

/** The full list; search and status filtering happen on the page, so the count line knows the total. */
export function useJanazaList() {
  return useQuery({
    queryKey: noticesKey,
    queryFn: async () => {
      const { data } = await api.get<JanazaListAnswer>(JANAZA_PATHS.notices);
      if (!isOk(data?.code) || !Array.isArray(data.data)) throw new UnexpectedAnswer('notices');
      return data.data;
    },
  });
}

export function useCreateJanaza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      values,
      image,
      confirmDuplicate,
    }: {
      values: JanazaCreate;
      image?: File;
      confirmDuplicate?: boolean;
    }) => {
      // confirmDuplicate: "Create anyway" after the duplicate warning (issue 15)
      const fields = confirmDuplicate ? { ...values, confirmDuplicate: true } : { ...values };
      const { data } = await api.post<JanazaNoticeAnswer>(JANAZA_PATHS.notices, toFormData(fields, image));
      return data;
    },
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
    mutationFn: async ({ id, changes, image }: JanazaEdit) => {
      const body = image ? toFormData(changes, image) : changes;
      const { data } = await api.patch<JanazaNoticeAnswer>(JANAZA_PATHS.notice(id), body);
      return data;
    },
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
    mutationFn: async (id: string) => {
      await api.delete(JANAZA_PATHS.notice(id));
    },
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
