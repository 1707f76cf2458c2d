import { z } from 'zod';
import { prayerSchema } from './janaza/prayers';

/**
 * The public feed on the landing page: upcoming approved, non-private janaza notices and published
 * events, each with an .ics file. Nothing here needs a session.
 */
export const FEED_API = {
  feed: '/api/public/feed',
  /** In English, or in Tamil with language 'ta'. */
  janazaIcs: (id: string, language?: 'en' | 'ta') =>
    `/api/public/feed/janaza/${id}.ics${language === 'ta' ? '?lang=ta' : ''}`,
  eventIcs: (id: string) => `/api/public/feed/events/${id}.ics`,
  /** An upload that belongs to an approved non-private notice or a published event; 404 otherwise. */
  image: (id: string) => `/api/public/images/${id}`,
} as const;

/**
 * The id of an item's card on the landing page: messages and calendar files link to `/#<anchor>`,
 * the feed gives its cards these ids.
 */
export const FEED_ANCHOR = {
  janaza: (id: string) => `janaza-${id}`,
  event: (id: string) => `event-${id}`,
} as const;

export const feedJanazaSchema = z.object({
  _id: z.string(),
  name: z.string(),
  age: z.number(),
  gender: z.enum(['male', 'female']),
  dueDate: z.string(),
  /** The prayer the janaza prayer follows (dueDate is its computed time); null for an exact time. */
  prayer: prayerSchema.nullable(),
  /** The masjid or funeral service (issue 15, the place), and the notice's postal code. */
  providerName: z.string(),
  postal: z.string(),
  address: z.string(),
  note: z.string(),
  imageUrl: z.string().nullable(),
  icsUrl: z.string(),
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
});
export type FeedEvent = z.infer<typeof feedEventSchema>;

export const feedResponseSchema = z.object({
  janaza: z.array(feedJanazaSchema),
  events: z.array(feedEventSchema),
});
export type FeedResponse = z.infer<typeof feedResponseSchema>;
