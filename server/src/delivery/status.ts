import { SUBSCRIBER_CHANNELS, type SubscriberChannel } from '@ummahnotify/core';
import {
  type ChannelState,
  type DeliveryCounts,
  type DeliveryKind,
  EMPTY_COUNTS,
  RECEIPT_CHANNELS,
  RECENT_DELIVERY_DAYS,
  type Sending,
} from '@ummahnotify/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addProgress, type PaceView } from './progress';

/**
 * Per item: each sending (broadcast, corrections) with sent / failed / pending / expired per channel, what the
 * provider reported later of the sent ones (delivered, read: only on channels that report it), the failures
 * grouped by their code, and, given the engine's pace, how its pending messages are moving (progress.ts).
 */
export async function deliveryStatus(
  db: Kysely<Database>,
  kind: DeliveryKind,
  ids: string[],
  pace?: PaceView,
  /** Channels paused for the account (pauses.ts), as the caller read them: no end time is told for those. */
  accountPaused: ReadonlySet<SubscriberChannel> = new Set(),
  now = Date.now(),
): Promise<Record<string, Sending[]>> {
  if (ids.length === 0) return {};
  const outboxes = await db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', 'in', ids)
    .orderBy('number')
    .execute();
  if (outboxes.length === 0) return {};
  const counts = await db
    .selectFrom('deliveries')
    .select([
      'outbox_id',
      'channel',
      'state',
      'waiting',
      'receipt',
      'error_code',
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where(
      'outbox_id',
      'in',
      outboxes.map((o) => o.id),
    )
    .groupBy(['outbox_id', 'channel', 'state', 'waiting', 'receipt', 'error_code'])
    .execute();
  const sendings = new Map<string, Sending>();
  const items: Record<string, Sending[]> = {};
  for (const o of outboxes) {
    const sending: Sending = {
      number: Number(o.number),
      createdAt: o.created_at,
      expanded: o.state === 'expanded',
      channels: withReceipts(structuredClone(EMPTY_COUNTS)),
      ...(Number(o.cancellation) === 1 && { cancellation: true }),
    };
    sendings.set(o.id, sending);
    items[o.item_id] ??= [];
    items[o.item_id].push(sending);
  }
  for (const c of counts) {
    const counts = sendings.get(c.outbox_id)?.channels[c.channel as SubscriberChannel];
    if (!counts) continue;
    const n = Number(c.n);
    add(counts, c.state, n);
    if (c.state === 'sent' && counts.delivered !== undefined && counts.read !== undefined) {
      // a read message was delivered first, whether or not that report came (or came first)
      if (c.receipt === 'delivered' || c.receipt === 'read') counts.delivered += n;
      if (c.receipt === 'read') counts.read += n;
    }
    if (c.state === 'failed') addReason(counts, c.error_code, n);
  }
  for (const sending of sendings.values()) sortReasons(sending);
  if (kind === 'events') await addHeldUntil(db, sendings, now);
  if (pace) {
    const waiting = counts.filter((c) => c.state === 'pending' && c.waiting);
    await addProgress(db, pace, kind, sendings, waiting, accountPaused, now);
  }
  return items;
}

/**
 * Events' sendings whose messages wait, never tried, for a time still ahead: held for the quiet hours (expand.ts
 * writes it as their first attempt's time; a retry's later time comes after an attempt).
 */
async function addHeldUntil(db: Kysely<Database>, sendings: Map<string, Sending>, now: number): Promise<void> {
  const held = await db
    .selectFrom('deliveries')
    .select(['outbox_id', (eb) => eb.fn.min<string>('next_attempt_at').as('until')])
    .where('outbox_id', 'in', [...sendings.keys()])
    .where('state', '=', 'pending')
    .where('attempts', '=', 0)
    .where('waiting', 'is', null)
    .where('next_attempt_at', '>', new Date(now).toISOString())
    .groupBy('outbox_id')
    .execute();
  for (const { outbox_id, until } of held) {
    const sending = sendings.get(outbox_id);
    if (sending && until) sending.heldUntil = until;
  }
}

/** `delivered` and `read` start at 0 on the channels whose provider reports them, and are absent on the others. */
function withReceipts(channels: Record<SubscriberChannel, DeliveryCounts>): Record<SubscriberChannel, DeliveryCounts> {
  for (const channel of RECEIPT_CHANNELS) Object.assign(channels[channel], { delivered: 0, read: 0 });
  return channels;
}

function addReason(counts: DeliveryCounts, code: string | null, n: number): void {
  counts.reasons ??= [];
  const known = counts.reasons.find((r) => r.code === (code || null));
  if (known) known.count += n;
  else counts.reasons.push({ code: code || null, count: n });
}

/** Codes in code point order; failures without one last. */
const byCode = (a: string | null, b: string | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/** Most frequent cause first; ties by code, so the answer does not change between two polls. */
function sortReasons(sending: Sending): void {
  for (const counts of Object.values(sending.channels)) {
    counts.reasons?.sort((a, b) => b.count - a.count || byCode(a.code, b.code));
  }
}

/** Adds n deliveries in `state` to the counts: sending counts as pending. */
function add(counts: DeliveryCounts, state: string, n: number): void {
  if (state === 'sent') counts.sent += n;
  else if (state === 'failed') counts.failed += n;
  else if (state === 'expired') counts.expired += n;
  else counts.pending += n;
}

/** Per channel, the deliveries of the sendings made in the last RECENT_DELIVERY_DAYS days, by outcome (the summary's channels card). */
export async function recentCounts(
  db: Kysely<Database>,
  now = new Date(),
): Promise<Record<SubscriberChannel, DeliveryCounts>> {
  const since = new Date(now.getTime() - RECENT_DELIVERY_DAYS * 24 * 60 * 60_000).toISOString();
  const rows = await db
    .selectFrom('deliveries')
    .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
    .select(['deliveries.channel', 'deliveries.state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('outbox.created_at', '>=', since)
    .groupBy(['deliveries.channel', 'deliveries.state'])
    .execute();
  const counts = structuredClone(EMPTY_COUNTS);
  for (const r of rows) {
    const c = counts[r.channel as SubscriberChannel];
    if (c) add(c, r.state, Number(r.n));
  }
  return counts;
}

export function channelStates(states: ChannelState[]): ChannelState[] {
  return SUBSCRIBER_CHANNELS.map((name) => states.find((s) => s.channel === name) as ChannelState);
}
