import { SERVICE_TYPES } from '@ummahnotify/core';
import { z } from 'zod';
import { aiEventAnswerSchema } from './ai';

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

/** An event as the API answers it (docs/product/data.md field names). */
export const eventJsonSchema = z.object({
  _id: z.string(),
  heading: z.string(),
  headingTa: z.string(),
  subHeading: z.string(),
  subHeadingTa: z.string(),
  content: z.string(),
  contentTa: z.string(),
  address: z.string(),
  addressTa: z.string(),
  registration: z.boolean(),
  serviceType: z.enum(SERVICE_TYPES),
  /** UTC ISO 8601 */
  dateTime: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  link: z.string(),
  /** Staff-only URL of the poster image, or null. */
  image: z.string().nullable(),
  imageThumb: z.string().nullable(),
  /** The pasted AI answer this event was drafted from, when stored. */
  aiSource: aiEventAnswerSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When staff withdrew the published event, and why (staff only); absent or null while it stands. */
  withdrawnAt: z.string().nullable().optional(),
  withdrawnReason: z.string().optional(),
});
export type EventJson = z.infer<typeof eventJsonSchema>;

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

export const eventListAnswerSchema = z.object({
  code: z.number(),
  events: z.array(eventJsonSchema),
  nextCursor: z.string().nullable(),
});
/** DELETE one event: what was deleted. */
export const eventDeletedAnswerSchema = z.object({
  code: z.literal(200),
  message: z.string(),
  data: z.object({ _id: z.string() }),
});
export const eventAnswerSchema = z.object({
  code: z.number(),
  data: eventJsonSchema,
  message: z.string().optional(),
});
