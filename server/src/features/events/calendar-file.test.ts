import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FEED_API } from '@ummahnotify/core';
import { EVENT_PATHS } from '@ummahnotify/domain';
import { calendarEvent } from '../../../test/support/calendar';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import type { CookieJar } from '../../../test/support/sign-in';
import { staffJar } from '../../../test/support/staff';

type Reply = { data?: { _id?: string }; message?: string };

/**
 * An event's calendar file follows its edits (RFC 5545 §3.8.7.4: a calendar takes a file with the same UID and a
 * higher SEQUENCE in place of the one it imported), as a janaza notice's does (janaza/withdrawal.test.ts).
 */
for (const engine of engines()) {
  describe(`an event's calendar file after an edit (${engine})`, () => {
    let server: TestServer;
    let admin: CookieJar;
    let api: ReturnType<typeof client>;

    before(async () => {
      server = await startTestServer(engine);
      admin = await staffJar(server, 'editor@calendar.example.sg', 'editor');
      api = client(server.url, admin);
    });
    after(async () => {
      await server?.stop();
    });

    const calendar = async (id: string) => {
      const res = await fetch(`${server.url}${FEED_API.eventIcs(id)}`);
      assert.equal(res.status, 200);
      return calendarEvent(await res.text());
    };

    test('each edit raises SEQUENCE under the same UID, with the new place and time', async () => {
      const created = await api.post<Reply>(EVENT_PATHS.list, {
        heading: 'Family day',
        headingTa: 'குடும்ப தினம்',
        address: 'Masjid Sultan, 3 Muscat Street',
        addressTa: 'சுல்தான் பள்ளிவாசல், 3 மஸ்கட் தெரு',
        dateTime: '2030-06-01T10:00:00+08:00',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.data?._id as string;
      assert.equal((await api.patch<Reply>(EVENT_PATHS.publish(id))).status, 200);

      const standing = await calendar(id);
      assert.equal(standing.sequence, 0, 'a file never changed');
      assert.equal(standing.location, 'Masjid Sultan, 3 Muscat Street');

      const moved = await api.patch<Reply>(EVENT_PATHS.one(id), { address: 'East Coast Park, Area C' });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      const edited = await calendar(id);
      assert.equal(edited.uid, standing.uid);
      assert.equal(edited.sequence, 1);
      assert.equal(edited.location, 'East Coast Park, Area C');

      const later = await api.patch<Reply>(EVENT_PATHS.one(id), { dateTime: '2030-06-01T16:00:00+08:00' });
      assert.equal(later.status, 200, JSON.stringify(later.body));
      const again = await calendar(id);
      assert.equal(again.uid, standing.uid);
      assert.equal(again.sequence, 2);
      assert.equal(again.start.toISOString(), '2030-06-01T08:00:00.000Z');

      // Publishing again (already published) changes nothing a calendar holds: no new SEQUENCE.
      assert.equal((await api.patch<Reply>(EVENT_PATHS.publish(id))).status, 200);
      assert.equal((await calendar(id)).sequence, 2);
    });
  });
}
