import { FEED_API } from '@ummahnotify/core';
import type { FeedResponse } from '@ummahnotify/domain';

export { FEED_SLOT } from './feedSlot';

/**
 * A feed with every variant its cards can draw: a notice with a photo, a place (postal code and map link) and a note,
 * and one after a prayer with none of them; an event with a sub-heading, an address, a link and a photo, and one
 * with none of them. The build renders it off the page, so the CSS the server's feed can need is in the page.
 */
export const FEED_SAMPLE: FeedResponse = {
  janaza: [
    {
      _id: 'sample-janaza-full',
      name: 'Haji Ahmad bin Salleh',
      age: 82,
      gender: 'male',
      dueDate: '2026-11-23T06:30:00.000Z',
      prayer: null,
      providerName: 'Masjid Sultan',
      postal: '198833',
      address: '3 Muscat Street',
      note: 'Family home at Blk 12',
      imageUrl: FEED_API.image('sample-janaza-photo'),
      icsUrl: FEED_API.janazaIcs('sample-janaza-full'),
    },
    {
      _id: 'sample-janaza-plain',
      name: 'Fatimah binte Yusof',
      age: 64,
      gender: 'female',
      dueDate: '2026-11-24T08:03:00.000Z',
      prayer: 'asar',
      providerName: '',
      postal: '',
      address: '',
      note: '',
      imageUrl: null,
      icsUrl: FEED_API.janazaIcs('sample-janaza-plain'),
    },
  ],
  events: [
    {
      _id: 'sample-event-full',
      heading: 'Family day',
      headingTa: 'குடும்ப தினம்',
      subHeading: 'Games and lunch',
      subHeadingTa: 'விளையாட்டுகளும் மதிய உணவும்',
      address: 'East Coast Park',
      addressTa: 'ஈஸ்ட் கோஸ்ட் பூங்கா',
      dateTime: '2026-12-05T02:00:00.000Z',
      link: 'https://example.org/family-day',
      imageUrl: FEED_API.image('sample-event-photo'),
      icsUrl: FEED_API.eventIcs('sample-event-full'),
    },
    {
      _id: 'sample-event-plain',
      heading: 'Quran class',
      headingTa: '',
      subHeading: '',
      subHeadingTa: '',
      address: '',
      addressTa: '',
      dateTime: '2026-12-06T11:00:00.000Z',
      link: '',
      imageUrl: null,
      icsUrl: FEED_API.eventIcs('sample-event-plain'),
    },
  ],
};
