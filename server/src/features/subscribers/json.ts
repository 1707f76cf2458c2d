import type { Language, SubscriberChannel, Topic } from '@ummahnotify/core';
import type { Subscriber, SubscriberStatus } from '@ummahnotify/domain';
import type { Selectable } from 'kysely';
import type { SubscribersTable } from '../../db/schema';

export type SubscriberRow = Selectable<SubscribersTable>;

export function statusOf(row: Pick<SubscriberRow, 'active' | 'confirmed'>): SubscriberStatus {
  if (row.active !== 1) return 'deactivated';
  return row.confirmed === 1 ? 'confirmed' : 'pending';
}

export function topicsOf(row: Pick<SubscriberRow, 'topic_janaza' | 'topic_events'>): Topic[] {
  const topics: Topic[] = [];
  if (row.topic_janaza === 1) topics.push('janaza');
  if (row.topic_events === 1) topics.push('events');
  return topics;
}

/** A row as the API answers it (push keys stay on the server: only the delivery engine needs them). */
export function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    _id: row.id,
    channel: row.channel as SubscriberChannel,
    address: row.address,
    topics: topicsOf(row),
    language: row.language as Language,
    confirmed: row.confirmed === 1,
    active: row.active === 1,
    status: statusOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
