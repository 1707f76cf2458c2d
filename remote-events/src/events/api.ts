import { api } from '@ummahnotify/client';
import { toFormData } from '@ummahnotify/client/section';
import {
  type AiEvent,
  EVENT_PATHS,
  type EventAnswer,
  type EventJson,
  type EventListAnswer,
  type EventTextFields,
} from '@ummahnotify/domain';

export const EVENTS_QUERY_KEY = ['events', 'list'] as const;

/** The text fields of a new event, as the form sends them (the server validates with the same schema). */
export interface NewEventFields extends EventTextFields {
  serviceType: string;
  /** Singapore wall-clock time, 'YYYY-MM-DDTHH:mm' */
  dateTime: string;
}

/** Inline edit: the row's texts plus link, date and time, and Publish now. */
export type EventChanges = Partial<
  Pick<EventJson, 'heading' | 'headingTa' | 'subHeading' | 'subHeadingTa' | 'link' | 'published'>
> & {
  dateTime?: string;
};

export async function fetchEvents(): Promise<EventJson[]> {
  const { data } = await api.get<EventListAnswer>(EVENT_PATHS.list);
  if (data.code !== 200 || !Array.isArray(data.events))
    throw new Error('The events list came back in an unexpected shape.');
  return data.events;
}

/** POST as form data (docs/product/api.md), with the poster when there is one. Answers the server's {code, data}. */
export async function createEvent(fields: NewEventFields, image: File | undefined): Promise<EventAnswer> {
  const { data } = await api.post<EventAnswer>(EVENT_PATHS.list, toFormData({ ...fields }, image));
  return data;
}

export async function updateEvent(id: string, changes: EventChanges): Promise<EventJson> {
  const { data } = await api.patch<EventAnswer>(EVENT_PATHS.one(id), changes);
  return data.data;
}

export async function deleteEvent(id: string): Promise<void> {
  await api.delete(EVENT_PATHS.one(id));
}

/** Withdraw a published event with the reason staff give (kept for staff); answers the event as it now is. */
export async function withdrawEvent(id: string, reason: string): Promise<EventJson> {
  const { data } = await api.post<EventAnswer>(EVENT_PATHS.withdrawal(id), { reason });
  return data.data;
}

/** Keeps the pasted AI answer with the event it drafted. */
export async function saveAiSource(id: string, ai: AiEvent): Promise<void> {
  await api.post(EVENT_PATHS.aiSource(id), ai);
}
