import { LANGUAGES, SUBSCRIBER_CHANNELS, TOPICS } from '@ummahnotify/core';
import { z } from 'zod';
import { blankToUndefined, formBoolean } from '../form-fields';
import { JANAZA_PATHS } from '../janaza';

/**
 * Subscribers: the people who receive janaza notices and events, one row per channel address
 * (docs/product/data.md#subscriber, docs/architecture.md#delivery-engine). The admin side lives under the second
 * set of paths, /api/v1/admin/ummahnotify/* (docs/product/api.md); public sign-up and sending belong to the delivery engine.
 */
export const SUBSCRIBERS_API = {
  list: '/api/v1/admin/ummahnotify/list',
  stats: '/api/v1/admin/ummahnotify/stats',
  update: '/api/v1/admin/ummahnotify/updateuser',
  /** docs/product/api.md: the path repeats the api prefix. The janaza section's list and create, mounted again. */
  janaza: JANAZA_PATHS.legacyNotices,
} as const;

export const subscriberChannelSchema = z.enum(SUBSCRIBER_CHANNELS, {
  error: `Channel must be one of ${SUBSCRIBER_CHANNELS.join(', ')}`,
});
export const topicSchema = z.enum(TOPICS, { error: `Topic must be one of ${TOPICS.join(', ')}` });
export const languageSchema = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });

/**
 * Where a subscriber stands: confirmed (receives messages), pending (signed up, not yet confirmed),
 * deactivated (receives nothing; only signing up again brings it back).
 */
export const SUBSCRIBER_STATUSES = ['confirmed', 'pending', 'deactivated'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const subscriberStatusSchema = z.enum(SUBSCRIBER_STATUSES, {
  error: `Status must be one of ${SUBSCRIBER_STATUSES.join(', ')}`,
});

/** A subscriber as the API answers it. For web push the address is the push endpoint URL. */
export const subscriberSchema = z.object({
  _id: z.string(),
  channel: subscriberChannelSchema,
  address: z.string(),
  topics: z.array(topicSchema),
  language: languageSchema,
  confirmed: z.boolean(),
  active: z.boolean(),
  status: subscriberStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const SUBSCRIBERS_PAGE_DEFAULT = 100;
export const SUBSCRIBERS_PAGE_MAX = 1000;

/** Form fields and query strings arrive as text: 'janaza,events', repeated values or a JSON array all read the same. */
const listOfText = (v: unknown) => {
  if (Array.isArray(v)) return v.flatMap((x) => String(x).split(','));
  if (typeof v !== 'string') return v;
  const trimmed = v.trim();
  if (trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return v;
    }
  }
  return trimmed === '' ? [] : trimmed.split(',');
};

/**
 * GET list: filter by channel, topic, status and a search in the address; a page of `limit` rows
 * (default 100, at most 1000) after `cursor`. Up to a million rows make "the full list" impractical,
 * so this list is always paginated; the answer's nextCursor is null on the last page.
 */
export const subscriberListQuerySchema = z.object({
  channel: z.preprocess(blankToUndefined, subscriberChannelSchema.optional()),
  topic: z.preprocess(blankToUndefined, topicSchema.optional()),
  status: z.preprocess(blankToUndefined, subscriberStatusSchema.optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(200, 'Search text is too long').optional()),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(SUBSCRIBERS_PAGE_MAX, `Limit must be at most ${SUBSCRIBERS_PAGE_MAX}`)
      .default(SUBSCRIBERS_PAGE_DEFAULT),
  ),
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(200, 'Cursor is not valid')
      .regex(/^[A-Za-z0-9_-]+$/, 'Cursor is not valid')
      .optional(),
  ),
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;

export const subscriberListResponseSchema = z.object({
  code: z.literal(200),
  data: z.array(subscriberSchema),
  nextCursor: z.string().nullable(),
});
export type SubscriberListResponse = z.infer<typeof subscriberListResponseSchema>;

/**
 * POST updateuser (form data or JSON): the subscriber's id and at least one change. Topics cannot be
 * emptied (deactivate instead); `active: false` deactivates. Reactivating is refused: a person who
 * stopped receiving messages comes back only by signing up again, never by an admin's choice.
 */
export const subscriberUpdateSchema = z
  .object({
    id: z.uuid({ error: 'Subscriber id is not valid' }),
    topics: z.preprocess(
      listOfText,
      z
        .array(topicSchema)
        .min(1, 'Choose at least one topic, or deactivate the subscriber')
        .transform((t) => TOPICS.filter((x) => t.includes(x)))
        .optional(),
    ),
    language: z.preprocess(blankToUndefined, languageSchema.optional()),
    active: z.preprocess(formBoolean, z.boolean({ error: 'Active must be true or false' }).optional()),
  })
  .refine((v) => v.topics !== undefined || v.language !== undefined || v.active !== undefined, {
    message: 'Nothing to change: send topics, language or active',
    path: ['topics'],
  });
export type SubscriberUpdate = z.infer<typeof subscriberUpdateSchema>;

/** Counts for one channel: confirmed (receiving), per topic among the confirmed, pending and deactivated. */
export const channelStatsSchema = z.object({
  confirmed: z.number(),
  janaza: z.number(),
  events: z.number(),
  pending: z.number(),
  deactivated: z.number(),
});
export type ChannelStats = z.infer<typeof channelStatsSchema>;

/**
 * GET stats: per channel, and per topic over all channels. `total` and `topics` count confirmed
 * subscribers only (the people a notice reaches); each channel also says how many wait or stopped.
 */
export const subscriberStatsSchema = z.object({
  total: z.number(),
  channels: z.object({
    webpush: channelStatsSchema,
    email: channelStatsSchema,
    whatsapp: channelStatsSchema,
    telegram: channelStatsSchema,
  }),
  topics: z.object({ janaza: z.number(), events: z.number() }),
  updatedAt: z.string(),
});
export type SubscriberStats = z.infer<typeof subscriberStatsSchema>;
