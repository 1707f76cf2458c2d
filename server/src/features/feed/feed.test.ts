import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { FEED_API } from '@ummahnotify/core';
import { engines } from '../../../test/support/databases';
import { newEventRow } from '../../../test/support/event-rows';
import { images } from '../../../test/support/images';
import { newJanazaRow } from '../../../test/support/janaza-rows';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { processImage } from '../uploads/image';
import { imageStore } from '../uploads/store';

const HOUR = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();

/** Unfolds and splits an iCalendar file into its content lines (RFC 5545 §3.1). */
function contentLines(ics: string): string[] {
  assert.ok(!/[^\r]\n/.test(ics), 'every line ends with CRLF');
  for (const line of ics.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, `folded: ${line}`);
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
}
const field = (lines: string[], name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);

for (const engine of engines()) {
  describe(`public feed (${engine})`, () => {
    let server: TestServer;
    const ids: Record<string, string> = {};

    const notice = async (
      key: string,
      values: { status: string; isPrivate?: boolean; due: string; image?: string },
    ) => {
      const row = newJanazaRow({
        name: `Name ${key}`,
        is_privacy: values.isPrivate ? 1 : 0,
        due_date: values.due,
        note: `Note for ${key}; bring, please\nsecond line`,
        address: 'Masjid Sultan, 3 Muscat St',
        image_id: values.image ?? null,
        status: values.status,
      });
      ids[key] = row.id as string;
      await server.app.db.insertInto('janaza_notices').values(row).execute();
    };
    const event = async (key: string, values: { published: boolean; when: string; image?: string }) => {
      const id = randomUUID();
      ids[key] = id;
      await server.app.db
        .insertInto('events')
        .values(
          newEventRow({
            id,
            heading: `Event ${key}`,
            heading_ta: `நிகழ்வு ${key}`,
            sub_heading: 'Sub',
            sub_heading_ta: 'துணை',
            content: 'Content',
            content_ta: 'உள்ளடக்கம்',
            address: 'Hall',
            address_ta: 'மண்டபம்',
            date_time: values.when,
            published: values.published ? 1 : 0,
            published_at: values.published ? new Date().toISOString() : null,
            image_id: values.image ?? null,
          }),
        )
        .execute();
    };
    const image = async () => imageStore().save(server.app.db, await processImage(await images.jpeg(120, 80)), null);
    const get = (path: string) => fetch(`${server.url}${path}`);

    before(async () => {
      server = await startTestServer(engine);
      ids.publicImage = await image();
      ids.privateImage = await image();
      ids.eventImage = await image();
      ids.draftImage = await image();
      await notice('later', { status: 'approved', due: at(30) });
      await notice('soon', { status: 'approved', due: at(2), image: ids.publicImage });
      await notice('justPast', { status: 'approved', due: at(-2) });
      await notice('old', { status: 'approved', due: at(-4) });
      await notice('private', { status: 'approved', isPrivate: true, due: at(5), image: ids.privateImage });
      await notice('pending', { status: 'pending', due: at(5) });
      await notice('silent', { status: 'silent', due: at(5) });
      await event('eventLater', { published: true, when: at(48), image: ids.eventImage });
      await event('eventSoon', { published: true, when: at(1) });
      await event('eventOld', { published: true, when: at(-5) });
      await event('draft', { published: false, when: at(10), image: ids.draftImage });
    });
    after(async () => server.stop());

    test('the feed lists upcoming public notices and published events, soonest first', async () => {
      const res = await get(FEED_API.feed);
      assert.equal(res.status, 200);
      const feed = await res.json();
      assert.deepEqual(
        feed.janaza.map((n: { _id: string }) => n._id),
        [ids.justPast, ids.soon, ids.later],
      );
      assert.deepEqual(
        feed.events.map((e: { _id: string }) => e._id),
        [ids.eventSoon, ids.eventLater],
      );
      const soon = feed.janaza[1];
      assert.equal(soon.imageUrl, FEED_API.image(ids.publicImage));
      assert.equal(soon.icsUrl, FEED_API.janazaIcs(ids.soon));
      assert.equal(feed.janaza[0].imageUrl, null);
      assert.equal(feed.events[1].imageUrl, FEED_API.image(ids.eventImage));
      assert.equal(feed.events[1].headingTa, 'நிகழ்வு eventLater');
      assert.ok(!JSON.stringify(feed).includes('Name private'), 'a private notice never appears');
    });

    test('a notice .ics is a valid RFC 5545 calendar', async () => {
      const res = await get(FEED_API.janazaIcs(ids.soon));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
      assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="[^"]+\.ics"$/);
      const lines = contentLines(await res.text());
      assert.equal(lines[0], 'BEGIN:VCALENDAR');
      assert.equal(lines.at(-1), 'END:VCALENDAR');
      assert.equal(field(lines, 'VERSION'), '2.0');
      assert.ok(lines.includes('BEGIN:VEVENT') && lines.includes('END:VEVENT'));
      assert.equal(field(lines, 'UID'), `janaza-${ids.soon}@${new URL(server.url).host}`);
      assert.match(field(lines, 'DTSTAMP') ?? '', /^\d{8}T\d{6}Z$/);
      const [row] = await server.app.db
        .selectFrom('janaza_notices')
        .select('due_date')
        .where('id', '=', ids.soon)
        .execute();
      assert.equal(field(lines, 'DTSTART'), row.due_date.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, ''));
      assert.equal(field(lines, 'DURATION'), 'PT1H');
      assert.equal(field(lines, 'SUMMARY'), 'Janaza prayer: Name soon');
      // The provider, the address and "Singapore <postal>"; the time as people say it, the map link.
      assert.equal(field(lines, 'LOCATION'), 'Provider\\, Masjid Sultan\\, 3 Muscat St\\, Singapore 123456');
      assert.match(
        field(lines, 'DESCRIPTION') ?? '',
        /\\nMap: https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Singapore\+123456\\nNote for soon\\; bring\\, please\\nsecond line$/,
      );
      assert.equal(field(lines, 'URL'), `${server.url}/?notice=${ids.soon}&lang=en`);
    });

    test('an event .ics lasts 2 hours', async () => {
      const res = await get(FEED_API.eventIcs(ids.eventLater));
      assert.equal(res.status, 200);
      const lines = contentLines(await res.text());
      assert.equal(field(lines, 'DURATION'), 'PT2H');
      assert.equal(field(lines, 'SUMMARY'), 'Event eventLater');
      assert.equal(field(lines, 'UID'), `event-${ids.eventLater}@${new URL(server.url).host}`);
    });

    test('no .ics for private, unapproved, unpublished or unknown items', async () => {
      for (const key of ['private', 'pending', 'silent']) {
        assert.equal((await get(FEED_API.janazaIcs(ids[key]))).status, 404, key);
      }
      assert.equal((await get(FEED_API.eventIcs(ids.draft))).status, 404);
      assert.equal((await get(FEED_API.eventIcs(ids.soon))).status, 404, 'a notice id is not an event');
      assert.equal((await get(FEED_API.janazaIcs(randomUUID()))).status, 404);
      assert.equal((await get(`/api/public/feed/janaza/${ids.soon}`)).status, 404, 'without .ics');
    });

    test('images are public only for a public notice or a published event', async () => {
      const res = await get(FEED_API.image(ids.publicImage));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/jpeg');
      // a notice's photo is asked for again each time (it may turn private); an event's keeps 5 minutes
      assert.equal(res.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
      const event = await get(FEED_API.image(ids.eventImage));
      assert.equal(event.status, 200);
      assert.equal(event.headers.get('cache-control'), 'public, max-age=300');
      assert.equal((await get(FEED_API.image(ids.privateImage))).status, 404);
      assert.equal((await get(FEED_API.image(ids.draftImage))).status, 404);
      assert.equal((await get(FEED_API.image(randomUUID()))).status, 404);
    });
  });
}
