import { wallClockOf } from '@ummahnotify/shared/client/section';
import {
  createEventSchema,
  DEFAULT_SERVICE_TYPE,
  type EventTextFields,
  type ServiceType,
} from '@ummahnotify/shared/domain';
import type { Dayjs } from 'dayjs';
import type { NewEventFields } from '../api/events';

/** What the antd form holds. The date is a picker value in Singapore wall-clock time. */
export interface EventFormValues extends EventTextFields {
  serviceType: ServiceType;
  dateTime: Dayjs | null;
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  heading: '',
  headingTa: '',
  subHeading: '',
  subHeadingTa: '',
  content: '',
  contentTa: '',
  address: '',
  addressTa: '',
  registration: false,
  serviceType: DEFAULT_SERVICE_TYPE,
  dateTime: null,
};

export type CheckedField =
  | 'heading'
  | 'headingTa'
  | 'dateTime'
  | 'subHeading'
  | 'subHeadingTa'
  | 'content'
  | 'contentTa'
  | 'address'
  | 'addressTa'
  | 'serviceType';

/** The form values as they are sent (and as the shared schema reads them). */
export function toNewEventFields(values: Partial<EventFormValues>): NewEventFields {
  const v = { ...EMPTY_EVENT_FORM, ...values };
  return {
    heading: v.heading ?? '',
    headingTa: v.headingTa ?? '',
    subHeading: v.subHeading ?? '',
    subHeadingTa: v.subHeadingTa ?? '',
    content: v.content ?? '',
    contentTa: v.contentTa ?? '',
    address: v.address ?? '',
    addressTa: v.addressTa ?? '',
    registration: v.registration === true,
    serviceType: v.serviceType ?? DEFAULT_SERVICE_TYPE,
    dateTime: wallClockOf(v.dateTime),
  };
}

/**
 * One field checked by the shared schema (the server uses the same): the English message of the
 * first problem, or null. The form shows its translation.
 */
export function checkEventField(field: CheckedField, values: Partial<EventFormValues>): string | null {
  const input = toNewEventFields(values)[field];
  const result = createEventSchema.shape[field].safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Every problem of the whole form, by field (English messages). */
export function checkEventForm(values: Partial<EventFormValues>): Record<string, string> {
  const result = createEventSchema.safeParse(toNewEventFields(values));
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    problems[path] ??= issue.message;
  }
  return problems;
}
