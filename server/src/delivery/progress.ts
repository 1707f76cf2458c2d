import { SUBSCRIBER_CHANNELS, type SubscriberChannel } from '@ummahnotify/core';
import type { ChannelProgress, DeliveryKind, Sending } from '@ummahnotify/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What the progress needs of the engine's pace (delivery/pace). */
export interface PaceView {
  /** Messages a second the channel sends at, null when unpaced (web push). */
  effectiveRate(channel: SubscriberChannel, kind: DeliveryKind): number | null;
  /** Until when (epoch ms) the provider paused the channel, or null. */
  pausedUntil(channel: SubscriberChannel): Promise<number | null>;
}

/**
 * Adds each sending's progress per channel with messages pending: how many wait because the provider
 * asked to slow down or for the WhatsApp daily limit, and when the last one is expected to go: the
 * messages queued before it on that channel (a janaza notice's first, then the oldest sending) and its
 * own, at the channel's rate, after the provider's pause. Unknowable (null) while some wait for the
 * daily limit or the channel is paused for the account, and on web push, which has no fixed rate.
 */
export async function addProgress(
  db: Kysely<Database>,
  pace: PaceView,
  kind: DeliveryKind,
  sendings: Map<string, Sending>,
  waiting: { outbox_id: string; channel: string; waiting: string | null; n: number | string }[],
  accountPaused: ReadonlySet<SubscriberChannel>,
  now = Date.now(),
): Promise<void> {
  const busy = [...sendings].filter(([, s]) => Object.values(s.channels).some((c) => c.pending > 0));
  if (busy.length === 0) return;
  const queued = await db
    .selectFrom('deliveries')
    .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
    .select([
      'deliveries.channel',
      'deliveries.outbox_id',
      'deliveries.priority',
      'outbox.created_at',
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('deliveries.state', 'in', ['pending', 'sending'])
    .where((eb) => eb.or([eb('deliveries.waiting', 'is', null), eb('deliveries.waiting', '<>', 'limit')]))
    .groupBy(['deliveries.channel', 'deliveries.outbox_id', 'deliveries.priority', 'outbox.created_at'])
    .execute();
  const pausedUntil = new Map<SubscriberChannel, number | null>();
  for (const channel of SUBSCRIBER_CHANNELS) pausedUntil.set(channel, await pace.pausedUntil(channel));

  for (const [outboxId, sending] of busy) {
    const progress: Partial<Record<SubscriberChannel, ChannelProgress>> = {};
    for (const channel of SUBSCRIBER_CHANNELS) {
      if ((sending.channels[channel]?.pending ?? 0) === 0) continue;
      const of = (w: string) =>
        waiting
          .filter((c) => c.outbox_id === outboxId && c.channel === channel && c.waiting === w)
          .reduce((sum, c) => sum + Number(c.n), 0);
      const limited = of('limit');
      const paused = pausedUntil.get(channel) ?? null;
      const rate = pace.effectiveRate(channel, kind);
      let allBy: string | null = null;
      const lane = queued
        .filter((q) => q.channel === channel)
        .sort((a, b) => Number(a.priority) - Number(b.priority) || a.created_at.localeCompare(b.created_at));
      const mine = lane.findIndex((q) => q.outbox_id === outboxId);
      // Paused for the account (pauses.ts): it goes on when the account is mended, which nobody can time.
      if (rate !== null && limited === 0 && mine >= 0 && !accountPaused.has(channel)) {
        const before = lane.slice(0, mine + 1).reduce((sum, q) => sum + Number(q.n), 0);
        const from = Math.max(now, paused ?? 0, sending.heldUntil ? Date.parse(sending.heldUntil) : 0);
        allBy = new Date(from + (before / rate) * 1000).toISOString();
      }
      progress[channel] = {
        paused: of('pace'),
        limited,
        pausedUntil: paused === null ? null : new Date(paused).toISOString(),
        allBy,
      };
    }
    sending.progress = progress;
  }
}
