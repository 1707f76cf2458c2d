import { SUBSCRIBER_CHANNELS, type SubscriberChannel } from '@ummahnotify/core';
import {
  type ChannelState,
  type DeliveryCounts,
  type DeliveryKind,
  EMPTY_COUNTS,
  RECENT_DELIVERY_DAYS,
  type Sending,
} from '@ummahnotify/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addProgress, type PaceView } from './progress';

/**
 * Per item: each sending (broadcast, corrections) with sent / failed / pending / expired per channel,
 * and, given the engine's pace, how its pending messages are moving (progress.ts).
 */
export async function deliveryStatus(
  db: Kysely<Database>,
  kind: DeliveryKind,
  ids: string[],
  pace?: PaceView,
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
    .select(['outbox_id', 'channel', 'state', 'waiting', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'outbox_id',
      'in',
      outboxes.map((o) => o.id),
    )
    .groupBy(['outbox_id', 'channel', 'state', 'waiting'])
    .execute();
  const sendings = new Map<string, Sending>();
  const items: Record<string, Sending[]> = {};
  for (const o of outboxes) {
    const sending: Sending = {
      number: Number(o.number),
      createdAt: o.created_at,
      expanded: o.state === 'expanded',
      channels: structuredClone(EMPTY_COUNTS),
    };
    sendings.set(o.id, sending);
    items[o.item_id] ??= [];
    items[o.item_id].push(sending);
  }
  for (const c of counts) {
    const counts = sendings.get(c.outbox_id)?.channels[c.channel as SubscriberChannel];
    if (!counts) continue;
    add(counts, c.state, Number(c.n));
  }
  if (pace) {
    const waiting = counts.filter((c) => c.state === 'pending' && c.waiting);
    await addProgress(db, pace, kind, sendings, waiting);
  }
  return items;
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
