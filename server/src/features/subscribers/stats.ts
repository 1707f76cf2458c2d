import { SUBSCRIBER_CHANNELS } from '@ummahnotify/core';
import type { ChannelStats, SubscriberStats } from '@ummahnotify/domain';
import type { Db } from '../../db/connect';
import { readCounters } from '../summary/counters';

/** Per-channel and per-topic counts, from the same trigger-kept counters as the summary. */
export async function subscriberStats(db: Db): Promise<SubscriberStats> {
  const c = await readCounters(db);
  const channel = (ch: string): ChannelStats => ({
    confirmed: c(`subscribers.${ch}.confirmed`),
    janaza: c(`subscribers.${ch}.janaza`),
    events: c(`subscribers.${ch}.events`),
    pending: c(`subscribers.${ch}.pending`),
    deactivated: c(`subscribers.${ch}.deactivated`),
  });
  const channels = {
    webpush: channel('webpush'),
    email: channel('email'),
    whatsapp: channel('whatsapp'),
    telegram: channel('telegram'),
  };
  const all = SUBSCRIBER_CHANNELS.map((ch) => channels[ch]);
  const sum = (pick: (s: ChannelStats) => number) => all.reduce((n, s) => n + pick(s), 0);
  return {
    total: sum((s) => s.confirmed),
    channels,
    topics: { janaza: sum((s) => s.janaza), events: sum((s) => s.events) },
    updatedAt: new Date().toISOString(),
  };
}
