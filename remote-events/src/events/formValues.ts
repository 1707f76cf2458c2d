import { wallClockOf } from '@ummahnotify/client/section';
import { DEFAULT_SERVICE_TYPE, type ServiceType } from '@ummahnotify/core';
import type { EventTextFields } from '@ummahnotify/domain';
import type { Dayjs } from 'dayjs';
import type { NewEventFields } from './api';

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

/** The fields the form checks against the shared schema (every one but the registration switch). */
export type CheckedField = Exclude<keyof EventFormValues, 'registration'>;

/** The form values as they are sent (and as the shared schema reads them); a field left empty is sent empty. */
export function toNewEventFields(values: Partial<EventFormValues>): NewEventFields {
  const given = Object.fromEntries(
    Object.entries(values).filter(([key, value]) => key in EMPTY_EVENT_FORM && value != null),
  );
  const v: EventFormValues = { ...EMPTY_EVENT_FORM, ...given };
  return { ...v, registration: v.registration === true, dateTime: wallClockOf(v.dateTime) };
}
