import { SUBSCRIBER_CHANNELS, type SubscriberChannel } from '@ummahnotify/core';
import { z } from 'zod';

/**
 * The delivery engine as staff see it (docs/architecture.md#delivery-engine): which channels are on,
 * how far each notice's or event's messages have gone, and the deliberate "Send correction".
 */
export const DELIVERY_API = {
  /** GET: every channel, on or off, and why it is off; each one's recent counts. */
  channels: '/api/v1/admin/delivery/channels',
  /** GET ?kind=janaza|events&ids=a,b,c: per item and channel, sent / failed / pending / expired counts. */
  status: '/api/v1/admin/delivery/status',
  /** POST: send a marked correction of an already sent notice to the same recipients. */
  janazaCorrection: (id: string) => `/api/v1/admin/notifications/janaza/${id}/correction`,
  /** POST {kind, id, number} (superadmin): the sending's failed messages to still active subscribers, again. */
  retry: '/api/v1/admin/delivery/retry',
  /** POST (superadmin): ends a channel's account pause now; its waiting messages are due at once. */
  resume: (channel: string) => `/api/v1/admin/delivery/channels/${channel}/resume`,
  /** POST {scope, reason} (superadmin): switches delivery off, on every channel ('all') or one, until resumed. */
  pauseDelivery: '/api/v1/admin/delivery/switch/pause',
  /** POST {scope, reason?} (superadmin): switches it on again; its waiting messages go at once. */
  resumeDelivery: '/api/v1/admin/delivery/switch/resume',
  /** GET (superadmin): the sendings with messages still waiting, what would go out on resume (after a restore). */
  waiting: '/api/v1/admin/delivery/waiting',
  /** POST {kind, id, number} (superadmin, delivery switched off): that sending's waiting messages are never sent. */
  discard: '/api/v1/admin/delivery/discard',
} as const;

/** What a superadmin switches delivery off for: every channel at once, or one. */
export const DELIVERY_SCOPES = ['all', ...SUBSCRIBER_CHANNELS] as const;
export type DeliveryScope = (typeof DELIVERY_SCOPES)[number];
/** The longest reason a pause (or resume) keeps. */
export const SWITCH_REASON_MAX = 300;

/**
 * The channels whose provider tells what became of a message after taking it (WhatsApp's status webhooks:
 * delivered, read). The others never do, so they carry no `delivered` / `read` counts.
 */
export const RECEIPT_CHANNELS: readonly SubscriberChannel[] = ['whatsapp'];

export const DELIVERY_KINDS = ['janaza', 'events'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const channelStateSchema = z.object({
  channel: z.enum(SUBSCRIBER_CHANNELS),
  enabled: z.boolean(),
  /** Why the channel is off (English, for staff), null when on. */
  reason: z.string().nullable(),
  /** When off: the delivery catalogue's `reason.*` key of the reason and its values, to show it in Tamil too. */
  reasonKey: z.string().optional(),
  reasonParams: z.record(z.string(), z.string()).optional(),
});
export type ChannelState = z.infer<typeof channelStateSchema>;

/**
 * Failures of one cause: `code` is deliveries.error_code, '<provider>:<code>' (whatsapp:131026, smtp:5.1.1,
 * bounce:5.1.1, complaint, telegram:403, webpush:410), null when the failure carries none. Staff read it through
 * failureReasonKey (delivery-reasons.ts).
 */
export const failureReasonSchema = z.object({ code: z.string().nullable(), count: z.number().int() });
export type FailureReason = z.infer<typeof failureReasonSchema>;

/**
 * A channel paused because the provider refused our account, not a recipient (a WhatsApp template paused by
 * Meta, a revoked token, a relay refusing the sender): its messages wait and it is tried again at `until`.
 */
export const channelPauseSchema = z.object({
  channel: z.enum(SUBSCRIBER_CHANNELS),
  /** '<provider>:<code>': whatsapp:132015, smtp:5.7.1, telegram:401; read through pauseReasonKey. */
  code: z.string(),
  /** The provider's own words (English, as it answered). */
  reason: z.string(),
  since: z.string(),
  /** When the channel is tried again with one message (ISO). */
  until: z.string(),
});
export type ChannelPauseView = z.infer<typeof channelPauseSchema>;

/**
 * Delivery switched off by a superadmin (maintenance, a restore, a provider problem; DELIVERY_PAUSED at start): it
 * does not end on its own. Its messages wait; a janaza's prayer time (an event's start) still expires them.
 */
export const deliverySwitchSchema = z.object({
  scope: z.enum(DELIVERY_SCOPES),
  /** Why, as who switched it off wrote it. */
  reason: z.string(),
  /** Who switched it off (their name); null when the server did (DELIVERY_PAUSED, a restored database). */
  by: z.string().nullable(),
  since: z.string(),
});
export type DeliverySwitch = z.infer<typeof deliverySwitchSchema>;

const scopeField = z.enum(DELIVERY_SCOPES, { error: `Scope must be one of ${DELIVERY_SCOPES.join(', ')}` });
const reasonText = z
  .string({ error: 'Reason must be text' })
  .trim()
  .max(SWITCH_REASON_MAX, `Reason must be at most ${SWITCH_REASON_MAX} characters`);
/** Switch delivery off: on every channel ('all') or one, with why (required). */
export const pauseDeliveryRequestSchema = z.object({
  scope: scopeField,
  reason: reasonText.min(1, 'Reason is required'),
});
export type PauseDeliveryRequest = z.infer<typeof pauseDeliveryRequestSchema>;
/** Switch it on again; a reason is optional. */
export const resumeDeliveryRequestSchema = z.object({ scope: scopeField, reason: reasonText.optional() });
export type ResumeDeliveryRequest = z.infer<typeof resumeDeliveryRequestSchema>;
/** `changed`: false when it already was off (pause) or on (resume); `switches`: what is off now. */
export const deliverySwitchResponseSchema = z.object({
  code: z.literal(200),
  data: z.object({ changed: z.boolean(), switches: z.array(deliverySwitchSchema) }),
});

export const deliveryCountsSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** Not sent by the notice's prayer time or the event's start: never sent (docs/product/delivery.md#expiry). */
  expired: z.number().int(),
  /** Of sent, what the provider reported reached the phone (read ones included); only on RECEIPT_CHANNELS. */
  delivered: z.number().int().optional(),
  /** Of delivered, what the provider reported read; only on RECEIPT_CHANNELS. */
  read: z.number().int().optional(),
  /** The failed ones grouped by cause, most first; absent when none failed. */
  reasons: z.array(failureReasonSchema).optional(),
});
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

/**
 * How a channel's messages of one sending are moving: the part of `pending` that waits because the
 * provider asked us to slow down, or for the WhatsApp number's daily messaging limit, and when the
 * last one is expected to go at the channel's pace (delivery/pace in the server).
 */
export const channelProgressSchema = z.object({
  /** Of pending: waiting because the provider answered "slow down" (paused, not failed). */
  paused: z.number().int(),
  /** Of pending: waiting for the WhatsApp daily messaging limit to free up (or the prayer time to pass). */
  limited: z.number().int(),
  /** Until when the provider paused the whole channel (ISO), null when it is not paused. */
  pausedUntil: z.string().nullable(),
  /** When the last pending message of this sending is expected to go (ISO); null when nothing is pending or it cannot be told (the daily limit). */
  allBy: z.string().nullable(),
});
export type ChannelProgress = z.infer<typeof channelProgressSchema>;

/** Today's use of the WhatsApp number's messaging limit (people reached outside the 24-hour window, moving 24 hours). */
export const whatsappDailySchema = z.object({
  /** Different people sent a template in the last 24 hours. */
  used: z.number().int(),
  /** The messaging limit (WHATSAPP_DAILY_LIMIT, or read from the Graph API); null when unlimited or unknown. */
  limit: z.number().int().nullable(),
  /** The part of the limit kept for janaza notices (events stop before it). */
  janazaReserve: z.number().int(),
});
export type WhatsAppDaily = z.infer<typeof whatsappDailySchema>;

/**
 * A shared sign-up budget as staff see it on the channels card: the day's WhatsApp codes
 * (WHATSAPP_CODE_DAILY_LIMIT), the hour's confirmation mails (SIGNUP_EMAIL_HOURLY_LIMIT).
 */
export const signupBudgetSchema = z.object({
  channel: z.enum(['email', 'whatsapp']),
  budget: z.enum(['whatsappCodes', 'emailConfirmations']),
  /** Sign-ups counted in the budget's window so far. */
  used: z.number().int(),
  limit: z.number().int(),
  /** 50 or 80 once that share of it is used (what the card shows and the log says once), else 0. */
  level: z.union([z.literal(0), z.literal(50), z.literal(80)]),
  /** When its window (the UTC day, the clock hour) ends and it is whole again (ISO). */
  resetsAt: z.string(),
});
export type SignupBudget = z.infer<typeof signupBudgetSchema>;

/** A WhatsApp template with its time-to-live as Meta lists it: null when not set (Meta's 30 days), -1 a custom 30 days. */
export const templateTtlSchema = z.object({
  name: z.string(),
  language: z.string(),
  ttlSeconds: z.number().int().nullable(),
});
export type TemplateTtl = z.infer<typeof templateTtlSchema>;

/** Days of sendings the channels card counts (the summary's "last 30 days"). */
export const RECENT_DELIVERY_DAYS = 30;

export const channelsResponseSchema = z.object({
  channels: z.array(channelStateSchema),
  /** Per channel, the deliveries of the sendings of the last RECENT_DELIVERY_DAYS days by outcome. */
  recent: z.record(z.enum(SUBSCRIBER_CHANNELS), deliveryCountsSchema),
  /** Today's use of the WhatsApp messaging limit; absent when WhatsApp is off. */
  whatsappDaily: whatsappDailySchema.optional(),
  /**
   * The WhatsApp janaza, correction and cancellation templates Meta would retry for more than 12 hours, so that
   * they can arrive after the prayer (README "WhatsApp templates"): none is an empty list; absent when the server
   * could not read the templates (WhatsApp off, no WHATSAPP_BUSINESS_ACCOUNT_ID, a refusal).
   */
  whatsappLateTemplates: z.array(templateTtlSchema).optional(),
  /** The channels paused for an account-level refusal (none: empty). */
  pauses: z.array(channelPauseSchema).optional(),
  /** Delivery switched off by a superadmin, on every channel ('all') or one (none: empty). */
  switches: z.array(deliverySwitchSchema).optional(),
  /** The shared sign-up budgets of the channels whose sign-up is open, with how much of each is used. */
  signupBudgets: z.array(signupBudgetSchema).optional(),
});
export type ChannelsResponse = z.infer<typeof channelsResponseSchema>;

/**
 * One broadcast (number 0) or correction (1, 2, ...) of an item. `expanded` is false while the
 * recipients are still being listed; counts are per channel.
 */
export const sendingSchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  expanded: z.boolean(),
  channels: z.record(z.enum(SUBSCRIBER_CHANNELS), deliveryCountsSchema),
  /**
   * Per channel with messages pending: paused, waiting for the daily limit, expected end. Only those
   * channels: a partial record (zod 4's z.record with enum keys would demand all four).
   */
  progress: z.partialRecord(z.enum(SUBSCRIBER_CHANNELS), channelProgressSchema).optional(),
  /** The sending that tells everyone the item reached that it was withdrawn (a cancellation). */
  cancellation: z.boolean().optional(),
  /** An event's messages held for the quiet hours (EVENT_QUIET_HOURS): when they go (ISO); absent otherwise. */
  heldUntil: z.string().optional(),
});
export type Sending = z.infer<typeof sendingSchema>;

/** Per item id: its sendings, oldest first; an item never sent has none. */
export const deliveryStatusResponseSchema = z.object({
  channels: z.array(channelStateSchema),
  items: z.record(z.string(), z.array(sendingSchema)),
  /** The channels paused for an account-level refusal (none: empty). */
  pauses: z.array(channelPauseSchema).optional(),
});
export type DeliveryStatusResponse = z.infer<typeof deliveryStatusResponseSchema>;

const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.string().max(64, 'Id is not valid')).max(200, 'At most 200 ids at once'),
);
export const deliveryStatusQuerySchema = z.object({
  kind: z.enum(DELIVERY_KINDS, { error: `Kind must be one of ${DELIVERY_KINDS.join(', ')}` }),
  ids: idList,
});
export type DeliveryStatusQuery = z.infer<typeof deliveryStatusQuerySchema>;

/** Retry the failed messages of one sending: the item's kind and id, and the sending's number (0: the broadcast). */
export const retryRequestSchema = z.object({
  kind: z.enum(DELIVERY_KINDS, { error: `Kind must be one of ${DELIVERY_KINDS.join(', ')}` }),
  id: z.string({ error: 'Id is required' }).min(1, 'Id is required').max(64, 'Id is not valid'),
  number: z
    .number({ error: 'Sending number must be a whole number from 0' })
    .int('Sending number must be a whole number from 0')
    .min(0, 'Sending number must be a whole number from 0'),
});
export type RetryRequest = z.infer<typeof retryRequestSchema>;
/** How many failed messages went back to the queue. */
export const retryResponseSchema = z.object({
  code: z.literal(200),
  data: z.object({ retried: z.number().int() }),
});

export const resumeParamsSchema = z.object({
  channel: z.enum(SUBSCRIBER_CHANNELS, { error: `Channel must be one of ${SUBSCRIBER_CHANNELS.join(', ')}` }),
});
/** Whether the channel was paused (false: it had already resumed on its own). */
export const resumeResponseSchema = z.object({
  code: z.literal(200),
  data: z.object({ resumed: z.boolean() }),
});

/** A sending with messages still waiting: what would go out when delivery resumes. */
export const waitingSendingSchema = z.object({
  kind: z.enum(DELIVERY_KINDS),
  id: z.string(),
  /** 0: the broadcast; then corrections and the cancellation */
  number: z.number().int(),
  /** the deceased's name or the event's heading, as staff know it */
  title: z.string(),
  createdAt: z.string(),
  /** the prayer time or the event's start: after it the messages expire unsent */
  deadline: z.string().nullable(),
  waiting: z.number().int(),
  /** true when its recipients are not listed yet: everyone subscribed would get it */
  notListed: z.boolean(),
});
export type WaitingSending = z.infer<typeof waitingSendingSchema>;
export const waitingResponseSchema = z.object({
  code: z.literal(200),
  data: z.object({ sendings: z.array(waitingSendingSchema) }),
});
/** Discard one sending's waiting messages: the same selector as a retry. */
export const discardRequestSchema = retryRequestSchema;
export type DiscardRequest = z.infer<typeof discardRequestSchema>;
export const discardResponseSchema = z.object({
  code: z.literal(200),
  data: z.object({ discarded: z.number().int() }),
});

/** Totals over channels of the latest sending, for a compact badge. */
export function latestSending(sendings: Sending[] | undefined): Sending | undefined {
  return sendings?.at(-1);
}

export const EMPTY_COUNTS: Record<SubscriberChannel, DeliveryCounts> = Object.fromEntries(
  SUBSCRIBER_CHANNELS.map((c) => [c, { sent: 0, failed: 0, pending: 0, expired: 0 }]),
) as Record<SubscriberChannel, DeliveryCounts>;
