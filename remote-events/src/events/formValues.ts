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
