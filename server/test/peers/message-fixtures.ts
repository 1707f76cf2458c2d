import type { Selectable } from 'kysely';
import type { EventsTable } from '../../src/db/schema';
import type { Recipient } from '../../src/delivery/channels/types';
import type { JanazaForMessage } from '../../src/delivery/messages';

/** Rows as the database holds them (a notice: the columns its messages read), for rendering real Messages in channel tests. */
export const PUBLIC_URL = 'https://notify.example.org';

export function janazaRow(overrides: Partial<JanazaForMessage> = {}): JanazaForMessage {
  return {
    id: 'j-1',
    provider_name: 'Masjid Al-Falah',
    name: 'Abdul Rahman bin Yusof',
    age: 78,
    postal: '123456',
    is_privacy: 0,
    due_date: '2026-11-23T05:30:00.000Z',
    prayer: null,
    note: 'Burial at Choa Chu Kang <cemetery> & family home',
    address: 'Masjid Sultan, 3 Muscat St',
    image_id: 'img-42',
    ...overrides,
  };
}

export function eventRow(overrides: Partial<Selectable<EventsTable>> = {}): Selectable<EventsTable> {
  return {
    id: 'e-1',
    heading: 'Quran study circle',
    heading_ta: 'குர்ஆன் கல்வி வட்டம்',
    sub_heading: 'Open to all',
    sub_heading_ta: 'அனைவரும் வரலாம்',
    content: '',
    content_ta: '',
    address: 'Masjid Abdul Gafoor',
    address_ta: 'மஸ்ஜித் அப்துல் கஃபூர்',
    registration: 0,
    service_type: 'class',
    date_time: '2026-12-01T11:00:00.000Z',
    published: 1,
    published_at: null,
    link: 'https://example.org/register',
    image_id: null,
    ai_source: null,
    revision: 0,
    withdrawn_at: null,
    withdrawn_reason: '',
    created_by: null,
    updated_by: null,
    created_at: '2026-11-22T00:00:00.000Z',
    updated_at: '2026-11-22T00:00:00.000Z',
    ...overrides,
  };
}

export function recipient(
  channel: Recipient['channel'],
  address: string,
  language: Recipient['language'] = 'en',
): Recipient {
  return { id: `s-${address}`, channel, address, pushKeys: null, language, token: 'tok_ABCdef0123456789xyz' };
}

export const renderContext = { publicUrl: PUBLIC_URL, timeZone: 'Asia/Singapore', correction: false };
