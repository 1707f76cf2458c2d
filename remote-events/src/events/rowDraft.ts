import { pickerValueOf, schemaProblems, wallClockOf } from '@ummahnotify/client/section';
import { type EventJson, updateEventSchema } from '@ummahnotify/domain';
import type { Dayjs } from 'dayjs';
import type { EventChanges } from './api';

/** A row being edited (docs/product/data.md#row-edit-in-the-lists): a copy of its values; Save sends it, Cancel drops it. */
export interface EventDraft {
  heading: string;
  headingTa: string;
  subHeading: string;
  subHeadingTa: string;
  link: string;
  dateTime: Dayjs | null;
  published: boolean;
}

export function draftOf(event: EventJson): EventDraft {
  return {
    heading: event.heading,
    headingTa: event.headingTa,
    subHeading: event.subHeading,
    subHeadingTa: event.subHeadingTa,
    link: event.link,
    dateTime: pickerValueOf(event.dateTime),
    published: event.published,
  };
}

export function changesOf(draft: EventDraft): EventChanges {
  return { ...draft, dateTime: wallClockOf(draft.dateTime) };
}

/** Problems of a draft by field, checked by the shared update schema (English messages). */
export function checkDraft(draft: EventDraft): Partial<Record<keyof EventDraft, string>> {
  return schemaProblems(updateEventSchema, changesOf(draft));
}
