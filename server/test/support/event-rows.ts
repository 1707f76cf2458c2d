import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { EventsTable } from '../../src/db/schema';

/** An event row for tests: published, free, no texts but its heading, no photo, in a day; override any column. */
export function newEventRow(overrides: Partial<Insertable<EventsTable>> = {}): Insertable<EventsTable> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    heading: 'Event',
    heading_ta: 'நிகழ்வு',
    sub_heading: '',
    sub_heading_ta: '',
    content: '',
    content_ta: '',
    address: '',
    address_ta: '',
    registration: 0,
    service_type: 'free',
    date_time: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    published: 1,
    published_at: now,
    link: '',
    image_id: null,
    ai_source: null,
    created_by: null,
    updated_by: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}
