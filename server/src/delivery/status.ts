import {
  type ChannelState,
  type DeliveryKind,
  EMPTY_COUNTS,
  type Sending,
  SUBSCRIBER_CHANNELS,
  type SubscriberChannel,
} from '@ummahnotify/shared/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Per item: each sending (broadcast, corrections) with sent / failed / pending per channel. */
export async function deliveryStatus(
  db: Kysely<Database>,
  kind: DeliveryKind,
  ids: string[],
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
    .select(['outbox_id', 'channel', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'outbox_id',
      'in',
      outboxes.map((o) => o.id),
    )
    .groupBy(['outbox_id', 'channel', 'state'])
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
    const n = Number(c.n);
    if (c.state === 'sent') counts.sent += n;
    else if (c.state === 'failed') counts.failed += n;
    else counts.pending += n;
  }
  return items;
}

export function channelStates(states: ChannelState[]): ChannelState[] {
  return SUBSCRIBER_CHANNELS.map((name) => states.find((s) => s.channel === name) as ChannelState);
}
