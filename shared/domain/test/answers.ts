import { type EventJson, JANAZA_DEFAULTS, type JanazaNotice } from '../src';

/** A janaza notice as the API answers it, for a test to change what it is about. */
export function aNotice(over: Partial<JanazaNotice> = {}): JanazaNotice {
  return {
    ...JANAZA_DEFAULTS,
    _id: 'n1',
    provider: 'p1',
    providerName: 'Masjid Sultan',
    contact: '62934405',
    name: 'Haji Ismail bin Osman',
    age: 80,
    postal: '198833',
    dueDate: '2099-01-02T06:05:00.000Z',
    prayer: null,
    imageUrl: null,
    thumbnailUrl: null,
    userId: 'u1',
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
    ...over,
  };
}

/** An event as the API answers it (with a poster under its own id), for a test to change what it is about. */
export function anEvent(over: Partial<EventJson> = {}): EventJson {
  const id = over._id ?? 'e1';
  return {
    _id: id,
    heading: 'Youth Iftar Gathering',
    headingTa: 'இளைஞர் இஃப்தார் ஒன்றுகூடல்',
    subHeading: 'Break fast together',
    subHeadingTa: 'சேர்ந்து நோன்பு திறப்போம்',
    content: 'Dinner is provided.',
    contentTa: 'இரவு உணவு வழங்கப்படும்.',
    address: '41 Dunlop Street, Singapore 209369',
    addressTa: '41 டன்லப் ஸ்ட்ரீட், சிங்கப்பூர் 209369',
    registration: true,
    serviceType: 'youth',
    dateTime: '2026-12-05T11:30:00.000Z',
    published: false,
    publishedAt: null,
    link: '',
    image: `/api/v1/uploads/${id}`,
    imageThumb: `/api/v1/uploads/${id}/thumb`,
    aiSource: null,
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
    ...over,
  };
}
