import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@ummahnotify/client';
import { refreshDeliveryStatus } from '@ummahnotify/client/section';
import { toUtcIso } from '@ummahnotify/core';
import type { EventJson } from '@ummahnotify/domain';
import { deleteEvent, EVENTS_QUERY_KEY, type EventChanges, fetchEvents, updateEvent, withdrawEvent } from './api';

export function useEventsList() {
  return useQuery({ queryKey: EVENTS_QUERY_KEY, queryFn: fetchEvents });
}

/** An API path as the browser must fetch it (the API may be on another host: /app-config.json apiUrl). */
export function apiHref(path: string): string {
  return `${api.defaults.baseURL ?? ''}${path}`;
}

interface Snapshot {
  previous: EventJson[] | undefined;
}

/**
 * Inline edit, optimistic: the list shows the change at once; a refused or failed save puts the row
 * back as it was and calls onFailure (the screen shows an error toast).
 */
export function useUpdateEvent(onFailure: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation<EventJson, unknown, { id: string; changes: EventChanges }, Snapshot>({
    mutationFn: ({ id, changes }) => updateEvent(id, changes),
    onMutate: async ({ id, changes }) => {
      await client.cancelQueries({ queryKey: EVENTS_QUERY_KEY });
      const previous = client.getQueryData<EventJson[]>(EVENTS_QUERY_KEY);
      // The date goes out as Singapore wall-clock time; the list holds UTC, as the server will answer.
      const { dateTime, ...rest } = changes;
      const utc = dateTime ? toUtcIso(dateTime) : undefined;
      const shown = utc ? { ...rest, dateTime: utc } : rest;
      client.setQueryData<EventJson[]>(EVENTS_QUERY_KEY, (list) =>
        list?.map((e) => (e._id === id ? { ...e, ...shown } : e)),
      );
      return { previous };
    },
    onError: (error, _vars, snapshot) => {
      client.setQueryData(EVENTS_QUERY_KEY, snapshot?.previous);
      onFailure(error);
    },
    onSuccess: (saved) => {
      client.setQueryData<EventJson[]>(EVENTS_QUERY_KEY, (list) => list?.map((e) => (e._id === saved._id ? saved : e)));
    },
    onSettled: () => client.invalidateQueries({ queryKey: EVENTS_QUERY_KEY }),
  });
}

/** Delete, optimistic: the row goes at once and comes back (with an error toast) if the server refuses. */
export function useDeleteEvent(onFailure: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation<void, unknown, string, Snapshot>({
    mutationFn: (id) => deleteEvent(id),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: EVENTS_QUERY_KEY });
      const previous = client.getQueryData<EventJson[]>(EVENTS_QUERY_KEY);
      client.setQueryData<EventJson[]>(EVENTS_QUERY_KEY, (list) => list?.filter((e) => e._id !== id));
      return { previous };
    },
    onError: (error, _id, snapshot) => {
      client.setQueryData(EVENTS_QUERY_KEY, snapshot?.previous);
      onFailure(error);
    },
    onSettled: () => client.invalidateQueries({ queryKey: EVENTS_QUERY_KEY }),
  });
}

/** Withdraw: the row shows the event as the server answered, then the list and the delivery counts are read again. */
export function useWithdrawEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => withdrawEvent(id, reason),
    onSuccess: (saved) => {
      client.setQueryData<EventJson[]>(EVENTS_QUERY_KEY, (list) => list?.map((e) => (e._id === saved._id ? saved : e)));
    },
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: EVENTS_QUERY_KEY }), refreshDeliveryStatus(client, 'events')]),
  });
}
