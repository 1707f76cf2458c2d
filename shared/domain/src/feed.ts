import { z } from 'zod';
import { prayerSchema } from './enums';

export const feedJanazaSchema = z.object({
  _id: z.string(),
  name: z.string(),
  age: z.number(),
  gender: z.enum(['male', 'female']),
  dueDate: z.string(),
  /** The prayer the janaza prayer follows (dueDate is its computed time); null for an exact time. */
  prayer: prayerSchema.nullable(),
  /** The masjid or funeral service (docs/product/delivery.md#what-is-sent), and the notice's postal code. */
  providerName: z.string(),
  postal: z.string(),
  address: z.string(),
  note: z.string(),
  imageUrl: z.string().nullable(),
  icsUrl: z.string(),
  /** Withdrawn after it was sent: the feed keeps it until its time, marked cancelled. */
  cancelled: z.boolean().optional(),
});
export type FeedJanaza = z.infer<typeof feedJanazaSchema>;

export const feedEventSchema = z.object({
  _id: z.string(),
  heading: z.string(),
  headingTa: z.string(),
  subHeading: z.string(),
  subHeadingTa: z.string(),
  address: z.string(),
  addressTa: z.string(),
  dateTime: z.string(),
  link: z.string(),
  imageUrl: z.string().nullable(),
  icsUrl: z.string(),
  /** Withdrawn after it was published: the feed keeps it until its time, marked cancelled. */
  cancelled: z.boolean().optional(),
});
export type FeedEvent = z.infer<typeof feedEventSchema>;

export const feedResponseSchema = z.object({
  janaza: z.array(feedJanazaSchema),
  events: z.array(feedEventSchema),
});
export type FeedResponse = z.infer<typeof feedResponseSchema>;
