import { randomUUID } from 'node:crypto';
import type { Language, SubscriberChannel } from '@ummahnotify/core';
import type { DeliveryKind } from '@ummahnotify/domain';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { type HmacKey, sha256 } from '../secrets';
import { bounceTag } from './bounce-tag';
import type { Message, Recipient } from './channels/types';
import { expireClaimed, isPastDeadline } from './expiry';
import { renderEvent, renderEventCancellation, renderJanaza, renderJanazaCancellation } from './messages';
import { unsubscribeToken } from './unsubscribe-token';
import { WITHDRAWN_ERROR } from './withdrawn';

/** One claimed delivery, ready to send; `cancelled` says why it must not be sent after all. */
export interface Job {
  outboxId: string;
  /** What the message is of: a janaza notice's go first, and may use Telegram's paid broadcast. */
  kind: DeliveryKind;
  subscriberId: string;
  attempts: number;
  /** The claim's token: only this attempt may record the result (see results.ts). */
  claim: string;
  recipient: Recipient;
  message: Message | null;
  cancelled?: string;
  /** The item's time (the notice's prayer, the event's start): not sent after it (expiry.ts). */
  deadline?: string;
}

export interface ClaimOptions {
  engine: 'sqlite' | 'postgres';
  config: Pick<Config, 'publicUrl'> & {
    /** The key of the unsubscribe links' secrets (delivery/unsubscribe-token.ts). */
    unsubscribeKey: HmacKey;
    /** The key of the mails' bounce tags (delivery/bounce-tag.ts). */
    bounceKey: HmacKey;
  };
  leaseMs: number;
  /** The engine's clock (epoch ms): what is due, leases and deadlines are read by it. Tests move it; default Date.now. */
  now?: () => number;
}

/**
 * Deliveries whose lease ran out (their instance died mid-send) become due again: the only way a
 * message can go out twice, and only the sends that were in flight at the crash. Not indexed (only
 * due work is), so the worker runs it now and then, not before every claim.
 */
export async function reclaimExpired(
  db: Kysely<Database>,
  channel: SubscriberChannel,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ state: 'pending', locked_until: null, claim: null })
    .where('channel', '=', channel)
    .where('state', '=', 'sending')
    .where('locked_until', '<', now.toISOString())
    .execute();
}

/**
 * Marks up to `limit` due deliveries of one channel as sending (attempts + 1, leased until now +
 * leaseMs, a new claim token) and commits that BEFORE anything is sent; returns them with recipient
 * and message. A janaza notice's deliveries (priority 0) are taken before any event's, then the
 * longest due. The caller asks for no more than it has free senders. Nothing is claimed while a superadmin has
 * switched the channel (or all delivery) off (switch.ts): read in the same statement, so on every instance.
 */
export async function claimDue(
  db: Kysely<Database>,
  channel: SubscriberChannel,
  limit: number,
  { engine, config, leaseMs, now: clock = Date.now }: ClaimOptions,
): Promise<Job[]> {
  const now = new Date(clock());
  const nowIso = now.toISOString();
  const leaseIso = new Date(now.getTime() + leaseMs).toISOString();
  const claim = randomUUID();
  const lock = engine === 'postgres' ? sql`for update skip locked` : sql``;
  const claimed = await sql<{ outbox_id: string; subscriber_id: string; attempts: number; priority: number }>`
    update deliveries set state = 'sending', attempts = attempts + 1, locked_until = ${leaseIso}, claim = ${claim}, updated_at = ${nowIso}, waiting = null
    where (outbox_id, subscriber_id) in (
      select outbox_id, subscriber_id from deliveries
      where channel = ${channel} and state = 'pending' and next_attempt_at <= ${nowIso}
        and not exists (select 1 from delivery_switch where scope in ('all', ${channel}))
      order by priority, next_attempt_at limit ${limit} ${lock}
    )
    returning outbox_id, subscriber_id, attempts, priority`.execute(db);
  if (claimed.rows.length === 0) return [];
  // RETURNING keeps no order: janaza first again, for whoever looks at them in turn (pace/hold.ts).
  const rows = claimed.rows.sort((a, b) => Number(a.priority) - Number(b.priority));
  const jobs = await withContent(db, rows, claim, config);
  // Checked again just before sending: an item whose time has passed is expired, not sent.
  const late = jobs.filter((j) => isPastDeadline(j.deadline, now));
  if (late.length === 0) return jobs;
  await expireClaimed(db, claim, late, now);
  return jobs.filter((j) => !late.includes(j));
}

/**
 * Extends the lease of the sends still in flight (by their outbox ids, the primary key's prefix, and
 * claim tokens): a send slower than the lease is not taken for a dead instance's. A delivery whose
 * claim was taken over keeps its new owner. On PostgreSQL rows another statement holds (a result being
 * recorded) are skipped, not waited for: waiting for them in another order deadlocked with the writer.
 */
export async function renewLeases(
  db: Kysely<Database>,
  inFlight: Job[],
  leaseMs: number,
  engine: ClaimOptions['engine'],
  now = Date.now(),
): Promise<void> {
  if (inFlight.length === 0) return;
  let held = db
    .selectFrom('deliveries')
    .select(['outbox_id', 'subscriber_id'])
    .where('outbox_id', 'in', [...new Set(inFlight.map((j) => j.outboxId))])
    .where('claim', 'in', [...new Set(inFlight.map((j) => j.claim))])
    .where('state', '=', 'sending');
  if (engine === 'postgres') held = held.forUpdate().skipLocked();
  await db
    .updateTable('deliveries')
    .set({ locked_until: new Date(now + leaseMs).toISOString() })
    .where(({ eb, refTuple }) =>
      eb(refTuple('outbox_id', 'subscriber_id'), 'in', held.$asTuple('outbox_id', 'subscriber_id')),
    )
    .execute();
}

async function withContent(
  db: Kysely<Database>,
  rows: { outbox_id: string; subscriber_id: string; attempts: number }[],
  claim: string,
  config: ClaimOptions['config'],
): Promise<Job[]> {
  const subscribers = await db
    .selectFrom('subscribers')
    .select(['id', 'channel', 'address', 'push_keys', 'language', 'token_hash'])
    .where(
      'id',
      'in',
      rows.map((r) => r.subscriber_id),
    )
    .execute();
  const byId = new Map(subscribers.map((s) => [s.id, s]));
  const tokens = await giveTokens(
    db,
    subscribers.filter((s) => s.channel === 'email'),
    config.unsubscribeKey,
  );

  const outboxIds = [...new Set(rows.map((r) => r.outbox_id))];
  const outboxes = await db.selectFrom('outbox').selectAll().where('id', 'in', outboxIds).execute();
  const { render, deadlineOf } = await renderers(db, outboxes, config);
  const kindOf = new Map(outboxes.map((o) => [o.id, o.kind as DeliveryKind]));

  return rows.flatMap((r) => {
    const s = byId.get(r.subscriber_id);
    if (!s) return [];
    const language = (s.language === 'ta' ? 'ta' : 'en') as Language;
    const recipient: Recipient = {
      id: s.id,
      channel: s.channel as SubscriberChannel,
      address: s.address,
      pushKeys: s.push_keys,
      language,
      token: tokens.get(s.id) ?? '',
      ...(s.channel === 'email' && { bounceTag: bounceTag(config.bounceKey, r.outbox_id, s.id) }),
    };
    const rendered = render(r.outbox_id, language);
    const deadline = deadlineOf(r.outbox_id);
    return [
      {
        outboxId: r.outbox_id,
        kind: kindOf.get(r.outbox_id) ?? 'events',
        subscriberId: r.subscriber_id,
        attempts: Number(r.attempts),
        claim,
        recipient,
        message: typeof rendered === 'string' ? null : rendered,
        ...(typeof rendered === 'string' && { cancelled: rendered }),
        ...(deadline && { deadline }),
      },
    ];
  });
}

/**
 * Email carries an unsubscribe link: its secret is made again from the subscriber's id and the key
 * (never stored), and the database keeps its hash, written when it is missing or the key changed. The hash it
 * replaces is kept in unsubscribe_legacy_tokens: the link already sent with it keeps working.
 */
async function giveTokens(
  db: Kysely<Database>,
  subscribers: { id: string; token_hash: string | null }[],
  key: HmacKey,
): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const s of subscribers) {
    const token = unsubscribeToken(key, s.id);
    tokens.set(s.id, token);
    const hash = sha256(token);
    if (s.token_hash === hash) continue;
    // The old one kept first: whatever stops between the two writes, no link already sent stops working.
    if (s.token_hash)
      await db
        .insertInto('unsubscribe_legacy_tokens')
        .values({ legacy_token_hash: s.token_hash, subscriber_id: s.id, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('legacy_token_hash').doNothing())
        .execute();
    await db.updateTable('subscribers').set({ token_hash: hash }).where('id', '=', s.id).execute();
  }
  return tokens;
}

/**
 * Renders each sending's item once per language, from the item as it is NOW (a correction, or a
 * retry after an edit, carries the current details). A string result is why it must not be sent.
 */
async function renderers(
  db: Kysely<Database>,
  outboxes: { id: string; kind: string; item_id: string; number: number; cancellation: number }[],
  config: ClaimOptions['config'],
): Promise<{
  render: (outboxId: string, language: Language) => Message | string;
  deadlineOf: (outboxId: string) => string | undefined;
}> {
  const janazaIds = outboxes.filter((o) => o.kind === 'janaza').map((o) => o.item_id);
  const eventIds = outboxes.filter((o) => o.kind === 'events').map((o) => o.item_id);
  const notices = janazaIds.length
    ? await db.selectFrom('janaza_notices').selectAll().where('id', 'in', janazaIds).execute()
    : [];
  const events = eventIds.length ? await db.selectFrom('events').selectAll().where('id', 'in', eventIds).execute() : [];
  const noticeById = new Map(notices.map((n) => [n.id, n]));
  const eventById = new Map(events.map((e) => [e.id, e]));
  const outboxById = new Map(outboxes.map((o) => [o.id, o]));
  const cache = new Map<string, Message | string>();

  const deadlineOf = (outboxId: string): string | undefined => {
    const o = outboxById.get(outboxId);
    if (!o) return undefined;
    return o.kind === 'janaza' ? noticeById.get(o.item_id)?.due_date : eventById.get(o.item_id)?.date_time;
  };
  const render = (outboxId: string, language: Language): Message | string => {
    const key = `${outboxId}:${language}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const o = outboxById.get(outboxId);
    const context = { publicUrl: config.publicUrl, correction: (o?.number ?? 0) > 0 };
    let result: Message | string;
    if (!o) result = 'cancelled: the sending no longer exists';
    else if (o.kind === 'janaza') {
      const notice = noticeById.get(o.item_id);
      if (!notice) result = 'cancelled: the notice was deleted';
      else if (Number(o.cancellation) === 1) result = renderJanazaCancellation(notice, language, config.publicUrl);
      else if (notice.withdrawn_at) result = WITHDRAWN_ERROR;
      else if (notice.status === 'rejected') result = 'cancelled: the notice was rejected';
      else result = renderJanaza(notice, language, context);
    } else {
      const event = eventById.get(o.item_id);
      if (!event) result = 'cancelled: the event was deleted';
      else if (Number(o.cancellation) === 1) result = renderEventCancellation(event, language, config.publicUrl);
      else if (event.withdrawn_at) result = WITHDRAWN_ERROR;
      else if (Number(event.published) !== 1) result = 'cancelled: the event was unpublished';
      else result = renderEvent(event, language, context);
    }
    cache.set(key, result);
    return result;
  };
  return { render, deadlineOf };
}
