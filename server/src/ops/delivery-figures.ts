import type { Db } from '../db/connect';

/** The metrics look at the sendings of the last week: enough for any alert, and a bounded read at every scrape. */
export const RECENT_DAYS = 7;

export interface DeliveryGroup {
  kind: string;
  channel: string;
  state: string;
  waiting: string;
  code: string;
  count: number;
  /** When the oldest sending in the group was queued (ISO 8601). */
  oldest: string;
}

/**
 * The messages of the recent sendings, counted by kind, channel, state, why they wait and the provider's refusal code,
 * each group with its oldest sending's time: one read of the deliveries (their primary key's outbox_id prefix) per
 * scrape, whatever the instance count.
 */
export async function recentDeliveries(db: Db, now: Date): Promise<DeliveryGroup[]> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('deliveries as d')
    .innerJoin('outbox as o', 'o.id', 'd.outbox_id')
    .where('o.created_at', '>=', since)
    .select((eb) => [
      'o.kind',
      'd.channel',
      'd.state',
      'd.waiting',
      'd.error_code',
      eb.fn.countAll().as('count'),
      eb.fn.min('o.created_at').as('oldest'),
    ])
    .groupBy(['o.kind', 'd.channel', 'd.state', 'd.waiting', 'd.error_code'])
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    channel: r.channel,
    state: r.state,
    waiting: r.waiting ?? '',
    code: r.error_code ?? '',
    count: Number(r.count),
    oldest: String(r.oldest),
  }));
}

/** When each kind's oldest sending not yet listed into messages was queued (an outbox row still pending). */
export async function unexpandedSince(db: Db): Promise<{ kind: string; oldest: string }[]> {
  const rows = await db
    .selectFrom('outbox')
    .where('state', '=', 'pending')
    .select((eb) => ['kind', eb.fn.min('created_at').as('oldest')])
    .groupBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, oldest: String(r.oldest) }));
}
