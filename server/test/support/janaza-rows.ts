import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { JanazaNoticesTable } from '../../src/db/schema';

/** A janaza notice row for tests: approved, public, no photo, due in a day; override any column. */
export function newJanazaRow(overrides: Partial<Insertable<JanazaNoticesTable>> = {}): Insertable<JanazaNoticesTable> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    provider_id: null,
    provider_name: 'Provider',
    provider_contact: '61234567',
    name: 'Name',
    age: 70,
    postal: '123456',
    gender: 'male',
    is_privacy: 0,
    due_date: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    note: '',
    address: '',
    image_id: null,
    status: 'approved',
    status_changed_at: now,
    user_id: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}
