import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { FEED_API } from '@ummahnotify/core';
import { JANAZA_PATHS, type JanazaNotice } from '@ummahnotify/domain';
import { janazaRow, renderContext } from '../../../test/peers/message-fixtures';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { type CookieJar, signIn } from '../../../test/support/sign-in';
import { renderJanaza } from '../../delivery/messages';
import { prayerTime } from './prayer-time';

/** A notice's time tied to a prayer, and its place, through the API, the feed, the .ics and messages. */
const DAY = '2030-05-02';
interface Body {
  data: JanazaNotice;
  errors: { path: string; message: string }[];
}

for (const engine of engines()) {
  describe(`janaza prayer-tied time and place (${engine})`, () => {
    let server: TestServer;
    let admin: CookieJar;
    const provider = randomUUID();

    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { cookie: admin.header(), origin: server.url, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Body };
    };
    const valid = (over: Record<string, unknown> = {}) => ({
      provider,
      name: 'Haji Ismail bin Osman',
      age: 81,
      postal: '198833',
      status: 'approved',
      // the same name several times within two days: past the duplicate warning on purpose
      confirmDuplicate: true,
      ...over,
    });
    const count = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('janaza_notices')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    before(async () => {
      server = await startTestServer(engine);
      ({ jar: admin } = await signIn(server.url, { email: 'admin@prayer.example.sg' }));
      await server.app.db
        .updateTable('users')
        .set({ rights: 'admin' })
        .where('email', '=', 'admin@prayer.example.sg')
        .execute();
      const now = new Date().toISOString();
      await server.app.db
        .insertInto('members')
        .values({
          id: provider,
          admin_id: null,
          first_name: 'Abdul',
          last_name: 'Rahim',
          date_of_birth: null,
          postal: '198833',
          email: 'sultan@prayer.example.sg',
          contact: '62934405',
          position: 'masjid',
          is_verified: 1,
          is_partner: 0,
          is_volunteer: 0,
          business_name: 'Masjid Sultan',
          uen: '',
          membership_status: 'active',
          registered_on: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    after(async () => server.stop());

    test('create with prayer and prayerDate: dueDate is that prayer time, the JSON carries prayer', async () => {
      const res = await call('POST', JANAZA_PATHS.notices, valid({ prayer: 'asar', prayerDate: DAY }));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const notice = res.body.data as JanazaNotice;
      assert.equal(notice.prayer, 'asar');
      assert.equal(notice.dueDate, prayerTime('asar', DAY));
      // Asar in Singapore in early May is a little after 4 pm.
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Singapore',
        dateStyle: 'short',
        timeStyle: 'short',
      });
      assert.match(local.format(new Date(notice.dueDate)), /^02\/05\/2030, 16:\d\d$/);
      const listed = (await call('GET', JANAZA_PATHS.notices)).body.data as unknown as JanazaNotice[];
      assert.equal(listed.find((n) => n._id === notice._id)?.prayer, 'asar');
    });

    test('the prayer-time route answers the time a notice after that prayer gets; bad or missing input is 400', async () => {
      const asked = await call('GET', `${JANAZA_PATHS.prayerTime}?prayer=maghrib&prayerDate=${DAY}`);
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      const answer = asked.body.data as unknown as { prayer: string; prayerDate: string; dueDate: string };
      const created = await call('POST', JANAZA_PATHS.notices, valid({ prayer: 'maghrib', prayerDate: DAY }));
      assert.deepEqual(answer, { prayer: 'maghrib', prayerDate: DAY, dueDate: created.body.data.dueDate });
      // Maghrib in Singapore in early May is a little after 7 pm.
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Singapore', timeStyle: 'short' });
      assert.match(local.format(new Date(answer.dueDate)), /^19:\d\d$/);

      const cases: [string, string, RegExp][] = [
        [`prayerDate=${DAY}`, 'prayer', /Choose the prayer/],
        ['prayer=asar', 'prayerDate', /Choose the day of the prayer/],
        [`prayer=jumaat&prayerDate=${DAY}`, 'prayer', /subuh, zohor, asar, maghrib, isyak/],
        ['prayer=asar&prayerDate=02-05-2030', 'prayerDate', /valid date/],
      ];
      for (const [query, path, message] of cases) {
        const res = await call('GET', `${JANAZA_PATHS.prayerTime}?${query}`);
        assert.equal(res.status, 400, query);
        const error = res.body.errors.find((e) => e.path === path);
        assert.ok(error, `${query}: ${JSON.stringify(res.body)}`);
        assert.match(error.message, message);
      }
    });

    test('an exact time still works and carries prayer null; both, neither or half a pair is 400 and writes nothing', async () => {
      const exact = await call('POST', JANAZA_PATHS.notices, valid({ dueDate: `${DAY}T10:00` }));
      assert.equal(exact.status, 201);
      assert.equal(exact.body.data.prayer, null);
      assert.equal(exact.body.data.dueDate, '2030-05-02T02:00:00.000Z');

      const before = await count();
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [
          { dueDate: `${DAY}T10:00`, prayer: 'asar', prayerDate: DAY },
          'dueDate',
          /either a prayer with its day or an exact time, not both/,
        ],
        [{}, 'dueDate', /Choose a prayer and its day, or an exact date and time/],
        [{ prayer: 'asar' }, 'prayerDate', /Choose the day of the prayer/],
        [{ prayerDate: DAY }, 'prayer', /Choose the prayer/],
        [{ prayer: 'jumaat', prayerDate: DAY }, 'prayer', /subuh, zohor, asar, maghrib, isyak/],
        [{ prayer: 'asar', prayerDate: '2030-02-30' }, 'prayerDate', /valid date/],
      ];
      for (const [over, path, message] of cases) {
        const res = await call('POST', JANAZA_PATHS.notices, valid(over));
        assert.equal(res.status, 400, JSON.stringify(over));
        const error = (res.body.errors as { path: string; message: string }[]).find((e) => e.path === path);
        assert.ok(error, `${JSON.stringify(over)}: ${JSON.stringify(res.body)}`);
        assert.match(error.message, message);
      }
      assert.equal(await count(), before);
    });

    test('update: to a prayer computes the time; back to an exact time clears the prayer; both is 400', async () => {
      const created = (await call('POST', JANAZA_PATHS.notices, valid({ dueDate: `${DAY}T10:00` }))).body.data;
      const toPrayer = await call('PATCH', JANAZA_PATHS.notice(created._id), { prayer: 'maghrib', prayerDate: DAY });
      assert.equal(toPrayer.status, 200, JSON.stringify(toPrayer.body));
      assert.equal(toPrayer.body.data.prayer, 'maghrib');
      assert.equal(toPrayer.body.data.dueDate, prayerTime('maghrib', DAY));
      const both = await call('PATCH', JANAZA_PATHS.notice(created._id), {
        dueDate: `${DAY}T11:00`,
        prayer: 'isyak',
        prayerDate: DAY,
      });
      assert.equal(both.status, 400);
      const back = await call('PATCH', JANAZA_PATHS.notice(created._id), { dueDate: `${DAY}T11:00` });
      assert.equal(back.body.data.prayer, null);
      assert.equal(back.body.data.dueDate, '2030-05-02T03:00:00.000Z');
      const renamed = await call('PATCH', JANAZA_PATHS.notice(created._id), { name: 'Haji Ismail' });
      assert.equal(renamed.body.data.dueDate, '2030-05-02T03:00:00.000Z', 'an edit without a time keeps it');
    });

    test('the feed and the .ics say "after Asar (about ...)" and name the place with a map link', async () => {
      const created = (await call('POST', JANAZA_PATHS.notices, valid({ prayer: 'asar', prayerDate: DAY }))).body.data;
      const feed = await (await fetch(`${server.url}${FEED_API.feed}`)).json();
      const item = feed.janaza.find((n: { _id: string }) => n._id === created._id);
      assert.deepEqual(
        { prayer: item.prayer, providerName: item.providerName, postal: item.postal, dueDate: item.dueDate },
        { prayer: 'asar', providerName: 'Masjid Sultan', postal: '198833', dueDate: prayerTime('asar', DAY) },
      );
      const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
      const en = unfold(await (await fetch(`${server.url}${FEED_API.janazaIcs(created._id)}`)).text());
      const field = (lines: string[], name: string) =>
        lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
      const start = new Date(prayerTime('asar', DAY))
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '');
      assert.equal(field(en, 'DTSTART'), start);
      assert.equal(field(en, 'LOCATION'), 'Masjid Sultan\\, Singapore 198833');
      assert.match(field(en, 'DESCRIPTION') ?? '', /^Thursday\\, 2 May 2030\\, after Asar \(about 4:\d\d\s?pm\)\\n/i);
      assert.match(
        field(en, 'DESCRIPTION') ?? '',
        /Map: https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Singapore\+198833/,
      );
      const ta = unfold(await (await fetch(`${server.url}${FEED_API.janazaIcs(created._id, 'ta')}`)).text());
      assert.equal(field(ta, 'SUMMARY'), 'ஜனாஸா தொழுகை: Haji Ismail bin Osman');
      assert.match(field(ta, 'DESCRIPTION') ?? '', /அஸர் தொழுகைக்குப் பின் \(ஏறக்குறைய/);
      assert.equal(field(ta, 'LOCATION'), 'Masjid Sultan\\, சிங்கப்பூர் 198833');
    });
  });
}

describe('messages on every channel say the prayer and the place (renderJanaza)', () => {
  const due = prayerTime('asar', DAY);
  test('English and Tamil, with the map link; no empty "Place:" line', () => {
    const row = janazaRow({
      prayer: 'asar',
      due_date: due,
      provider_name: 'Masjid Sultan',
      address: '',
      postal: '198833',
    });
    const en = renderJanaza(row, 'en', renderContext).body.split('\n');
    assert.match(en[1], /^Janaza prayer: Thursday, 2 May 2030, after Asar \(about 4:\d\d\s?pm\)$/i);
    assert.equal(en[2], 'Place: Masjid Sultan, Singapore 198833');
    assert.equal(en[3], 'Map: https://www.google.com/maps/search/?api=1&query=Singapore+198833');
    const ta = renderJanaza(row, 'ta', renderContext).body.split('\n');
    assert.match(ta[1], /^ஜனாஸா தொழுகை: .*அஸர் தொழுகைக்குப் பின் \(ஏறக்குறைய .*4:\d\d.*\)$/);
    assert.equal(ta[2], 'இடம்: Masjid Sultan, சிங்கப்பூர் 198833');
    const nowhere = renderJanaza(janazaRow({ provider_name: '', address: '', postal: '' }), 'en', renderContext).body;
    assert.doesNotMatch(nowhere, /Place:|Map:/);
  });
});
