import type { ServiceType } from '../enums';
import type { AiEvent } from './ai';

/** The texts of an event (English and Tamil) and its registration flag: what the form edits. */
export type EventTextFields = Pick<
  EventJson,
  | 'heading'
  | 'headingTa'
  | 'subHeading'
  | 'subHeadingTa'
  | 'content'
  | 'contentTa'
  | 'address'
  | 'addressTa'
  | 'registration'
>;

/** An event as the API answers it (SPEC §3 field names). */
export interface EventJson {
  _id: string;
  heading: string;
  headingTa: string;
  subHeading: string;
  subHeadingTa: string;
  content: string;
  contentTa: string;
  address: string;
  addressTa: string;
  registration: boolean;
  serviceType: ServiceType;
  /** UTC ISO 8601 */
  dateTime: string;
  published: boolean;
  publishedAt: string | null;
  link: string;
  /** Staff-only URL of the poster image, or null. */
  image: string | null;
  imageThumb: string | null;
  /** The pasted AI answer this event was drafted from, when stored. */
  aiSource: AiEvent | null;
  createdAt: string;
  updatedAt: string;
}

export interface EventListAnswer {
  code: 200;
  events: EventJson[];
  /** Pass as `cursor` for the next page; null on the last page or without `limit`. */
  nextCursor: string | null;
}
export interface EventAnswer {
  code: 200 | 201;
  data: EventJson;
  message?: string;
}
