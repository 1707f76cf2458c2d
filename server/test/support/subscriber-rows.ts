import { randomUUID } from 'node:crypto';
import type { NewSubscriberRow } from '../../src/db/schema';

let sequence = 0;

/** A subscriber row for tests: confirmed, active, both topics, English, a unique address; override any field. */
export function newSubscriber(overrides: Partial<NewSubscriberRow> = {}): NewSubscriberRow {
  sequence += 1;
  const channel = overrides.channel ?? 'email';
  const address =
    channel === 'webpush'
      ? `https://push.example.test/endpoint/${randomUUID()}`
      : channel === 'email'
        ? `subscriber${sequence}.${randomUUID().slice(0, 8)}@example.sg`
        : channel === 'whatsapp'
          ? `+659${String(sequence).padStart(7, '0')}`
          : String(500000000 + sequence);
  const now = new Date(Date.UTC(2026, 0, 1) + sequence * 1000).toISOString();
  return {
    id: randomUUID(),
    channel,
    address,
    push_keys: channel === 'webpush' ? JSON.stringify({ p256dh: 'test', auth: 'test' }) : null,
    topic_janaza: 1,
    topic_events: 1,
    language: 'en',
    confirmed: 1,
    active: 1,
    created_at: now,
    updated_at: now,
    deactivated_at: null,
    token_hash: null,
    demo: 0,
    soft_bounces: 0,
    ...overrides,
  };
}
