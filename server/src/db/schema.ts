import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Both engines store ids and times as text (UTC ISO 8601) and booleans as 0/1 integers,
 * so rows read the same on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  oidc_sub: string | null;
  email: string;
  first_name: string;
  last_name: string;
  rights: string;
  activated: number;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  /** The subject of the last sign-in refused for this account's email, until a superadmin links it. */
  refused_oidc_sub: string | null;
  refused_at: string | null;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked database row cannot be replayed as a cookie. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  at: string;
}

export interface MembersTable {
  id: string;
  admin_id: string | null;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  postal: string;
  email: string;
  contact: string;
  position: string;
  is_verified: number;
  is_partner: number;
  is_volunteer: number;
  business_name: string;
  uen: string;
  membership_status: string;
  registered_on: string;
  created_at: string;
  updated_at: string;
}

export interface UploadsTable {
  id: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  created_by: string | null;
  created_at: string;
  /** The re-encoded JPEG and its thumbnail; null while stored elsewhere (a file not yet imported). */
  full_image: Buffer | null;
  thumb_image: Buffer | null;
}

/** Keys every instance signs with (session secret, VAPID), made once by the first instance. */
export interface InstanceKeysTable {
  name: string;
  value: string;
  created_at: string;
}

/** Rate-limit counters shared by the instances when there is no Redis. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** ms since 1970; pg returns bigint as a string */
  reset_at: number | string;
}

/** An ALTCHA proof of work already spent on a sign-up, kept until its challenge expires. */
export interface SignupProofsTable {
  /** sha256 of the challenge's signature */
  challenge_hash: string;
  expires_at: string;
}

/**
 * An unsubscribe link a subscriber was sent before its current one (subscribers.token_hash), kept so that the links
 * already in inboxes keep working: the secret a version from before kept in clear, and every link the delivery
 * engine replaced with a new one (when its key changed). Gone with the subscriber.
 */
export interface UnsubscribeLegacyTokensTable {
  /** SHA-256 (hex) of the link's secret. */
  legacy_token_hash: string;
  subscriber_id: string;
  created_at: string;
}

/** One row per periodic job: when it is due next, and which instance holds it until when. */
export interface JobRunsTable {
  name: string;
  next_run_at: string;
  locked_until: string | null;
  holder: string | null;
}

export interface EventsTable {
  id: string;
  heading: string;
  heading_ta: string;
  sub_heading: string;
  sub_heading_ta: string;
  content: string;
  content_ta: string;
  address: string;
  address_ta: string;
  registration: number;
  service_type: string;
  date_time: string;
  published: number;
  published_at: string | null;
  link: string;
  image_id: string | null;
  /** The pasted AI answer (docs/product/data.md#event) the event was drafted from, as JSON text. */
  ai_source: string | null;
  /** How many times the event was edited: its calendar file's SEQUENCE. */
  revision: Generated<number>;
  /** When staff withdrew the published event (null while it stands), and why (staff only). */
  withdrawn_at: Generated<string | null>;
  withdrawn_reason: Generated<string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface CommitteeMembersTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  contact: string;
  birth_date: string;
  postal: string;
  gender: string;
  rights: string;
  position: string;
  backend_user: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface SubscribersTable {
  id: string;
  /** webpush, email, whatsapp or telegram */
  channel: string;
  /** The push endpoint URL, email address, phone number (+65...) or Telegram chat id. */
  address: string;
  /** Web push only: the subscription's keys {p256dh, auth} as JSON text. */
  push_keys: string | null;
  topic_janaza: number;
  topic_events: number;
  /** en or ta */
  language: string;
  confirmed: number;
  active: number;
  created_at: string;
  updated_at: string;
  deactivated_at: string | null;
  /**
   * SHA-256 (hex) of the unsubscribe link's secret (delivery/unsubscribe-token.ts); set when an email needs it.
   * The links sent before it are in unsubscribe_legacy_tokens.
   */
  token_hash: string | null;
  /** 1 for the demo seed's made-up people: never sent to. */
  demo: number;
  /** Email: temporary bounces in a row since the last delivered mail; the address is retired at three. */
  soft_bounces: Generated<number>;
}

/** One sending of an item: its broadcast (number 0) or a correction (1, 2, ...). */
export interface OutboxTable {
  id: string;
  /** janaza or events */
  kind: string;
  item_id: string;
  number: number;
  /** pending (recipients not listed yet) or expanded */
  state: string;
  created_by: string | null;
  created_at: string;
  expanded_at: string | null;
  /** 1: the sending that tells whoever the item reached that it was withdrawn (features/janaza/withdrawal.ts). */
  cancellation: Generated<number>;
}

/** One message to one subscriber: pending -> sending -> sent | failed (pending again to retry). */
export interface DeliveriesTable {
  outbox_id: string;
  subscriber_id: string;
  channel: string;
  state: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  locked_until: string | null;
  /** The token of the claim that made it `sending`: only that attempt may record its result. */
  claim: string | null;
  updated_at: string;
  /** 0: a janaza notice's message, 1: an event's; claims take the lowest first. */
  priority: Generated<number>;
  /**
   * Why a pending delivery waits: 'pace' (the provider asked to slow down), 'limit' (WhatsApp daily limit),
   * 'account' (its channel is paused for an account-level refusal: delivery/pauses.ts).
   */
  waiting: string | null;
  /** The provider's id of the sent message (WhatsApp's wamid): its status webhooks name it. */
  provider_id: string | null;
  /** What the provider reported after accepting it: 'delivered' or 'read'; null before (or never told). */
  receipt: string | null;
  /** The failure's cause, '<provider>:<code>' (whatsapp:131026, smtp:5.1.1, bounce:5.1.1, complaint, ...). */
  error_code: string | null;
}

/** A channel paused for an account-level refusal (delivery/pauses.ts): one row while it is paused. */
export interface ChannelPausesTable {
  channel: string;
  /** The refusal's code, '<provider>:<code>' as deliveries.error_code (whatsapp:132015, smtp:5.7.1, telegram:401). */
  code: string;
  /** The provider's own words, for staff and logs. */
  reason: string;
  since: string;
  /** When the channel is tried again (one message first); staff may resume it sooner. */
  until: string;
  /** Refusals in a row: the wait before the next try grows with it, up to two minutes. */
  tries: Generated<number>;
}

/**
 * Delivery switched off by a superadmin (delivery/switch.ts): one row per switched-off scope, 'all' or a channel,
 * while it is off. Nothing expires it; only a superadmin's resume deletes it.
 */
export interface DeliverySwitchTable {
  /** 'all' or a channel (webpush, email, telegram, whatsapp). */
  scope: string;
  /** Why, in the words of who switched it off (or "DELIVERY_PAUSED at start"). */
  reason: string;
  /** The user who switched it off; null when the server did (DELIVERY_PAUSED, a restore). */
  paused_by: string | null;
  since: string;
}

/** rate-limiter-flexible's shared pace budgets (delivery/pace), in the columns its stores use. */
export interface DeliveryPaceTable {
  key: string;
  points: number;
  expire: number | string | null;
}

/** A sign-up waiting for its confirmation link, deep-link /start or code. */
export interface SignupRequestsTable {
  id: string;
  channel: string;
  /** email, phone (65XXXXXXXX), or null for Telegram until the chat is known */
  address: string | null;
  /** sha256 hex of the token or code */
  secret_hash: string;
  topic_janaza: number;
  topic_events: number;
  language: string;
  attempts: number;
  ip: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Counts kept by database triggers, so the summary reads ~30 rows instead of counting millions. */
export interface SummaryCountsTable {
  name: string;
  value: number;
}

/** Janaza notices (features/janaza). Status changes go only through changeStatus() in features/janaza/store.ts (the demo seed inserts sample rows as they are). */
export interface JanazaNoticesTable {
  id: string;
  provider_id: string | null;
  provider_name: string;
  provider_contact: string;
  name: string;
  age: number;
  postal: string;
  gender: string;
  is_privacy: number;
  due_date: string;
  /** The prayer the janaza prayer follows (due_date is its computed time); null for an exact time. */
  prayer: string | null;
  note: string;
  address: string;
  image_id: string | null;
  status: string;
  status_changed_at: string | null;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  /** When the retention job removed the name, photo, age and note (features/retention); null until then. */
  personal_data_removed_at: string | null;
  /** When staff withdrew the sent notice (features/janaza/withdrawal.ts); null while it stands. */
  withdrawn_at: string | null;
  /** Why it was withdrawn, as staff wrote it (never sent to subscribers). */
  withdrawn_reason: Generated<string>;
  /** Edits and the withdrawal since it was written: its calendar file's SEQUENCE (features/feed/ics.ts). */
  revision: Generated<number>;
}

export interface Database {
  users: UsersTable;
  subscribers: SubscribersTable;
  unsubscribe_legacy_tokens: UnsubscribeLegacyTokensTable;
  outbox: OutboxTable;
  deliveries: DeliveriesTable;
  delivery_pace: DeliveryPaceTable;
  channel_pauses: ChannelPausesTable;
  delivery_switch: DeliverySwitchTable;
  signup_requests: SignupRequestsTable;
  summary_counts: SummaryCountsTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  members: MembersTable;
  committee_members: CommitteeMembersTable;
  uploads: UploadsTable;
  instance_keys: InstanceKeysTable;
  rate_limits: RateLimitsTable;
  signup_proofs: SignupProofsTable;
  job_runs: JobRunsTable;
  events: EventsTable;
  janaza_notices: JanazaNoticesTable;
}

export type UserRow = Selectable<UsersTable>;
/** A subscriber's row as written (columns with a default may be left out). */
export type NewSubscriberRow = Insertable<SubscribersTable>;
