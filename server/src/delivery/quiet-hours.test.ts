import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DELIVERY_API, type DeliveryStatusResponse, EVENT_PATHS, JANAZA_PATHS } from '@ummahnotify/domain';
import { type PushService, startPushService } from '../../test/peers/push-service';
import { client } from '../../test/support/client';
import { heldClock } from '../../test/support/clock';
import { engines } from '../../test/support/databases';
import { deliveriesSettled } from '../../test/support/deliveries';
import { startTestServer, type TestServer } from '../../test/support/server';
import { createEvent, eventually, insertMasjid, staffJar } from '../../test/support/staff';
import { newSubscriber } from '../../test/support/subscriber-rows';
import { loadConfig } from '../config';
import { quietHoursEnd } from './quiet-hours';

/** docs/product/delivery.md#quiet-hours: the default, 22:00-07:00 Singapore time (UTC+8, no daylight saving). */
const NIGHT = { from: 22 * 60, to: 7 * 60 };
const at = (singapore: string) => new Date(`${singapore}+08:00`);
const goes = (singapore: string, start?: string) => quietHoursEnd(at(singapore), NIGHT, start)?.toISOString() ?? null;

test('an event published in the quiet hours waits until 07:00 Singapore time; outside them it goes at once', () => {
  assert.equal(goes('2026-11-28T23:30:00'), '2026-11-28T23:00:00.000Z', '23:30 -> 07:00 the next morning');
  assert.equal(goes('2026-11-28T22:00:00'), '2026-11-28T23:00:00.000Z');
  assert.equal(goes('2026-11-29T00:10:00'), '2026-11-28T23:00:00.000Z', 'after midnight -> 07:00 the same day');
  assert.equal(goes('2026-11-29T06:59:00'), '2026-11-28T23:00:00.000Z');
  assert.equal(goes('2026-11-29T07:00:00'), null);
  assert.equal(goes('2026-11-28T21:59:00'), null);
  assert.equal(goes('2026-11-28T12:00:00'), null);
  // the last day of a month and of a year
  assert.equal(goes('2026-12-31T23:00:00'), '2026-12-31T23:00:00.000Z');
});

test('an event that starts before the quiet hours end is not held past its start: it goes at once', () => {
  assert.equal(goes('2026-11-28T23:30:00', '2026-11-29T05:30:00+08:00'), null, 'a Subuh talk at 05:30');
  assert.equal(goes('2026-11-28T23:30:00', '2026-11-29T09:00:00+08:00'), '2026-11-28T23:00:00.000Z');
});

test('EVENT_QUIET_HOURS: 22:00-07:00 by default, another span, or off; anything else is refused by name', () => {
  const quiet = (value?: string) => loadConfig(value === undefined ? {} : { EVENT_QUIET_HOURS: value }).eventQuietHours;
  assert.deepEqual(quiet(), NIGHT);
  assert.deepEqual(quiet('21:30-06:15'), { from: 21 * 60 + 30, to: 6 * 60 + 15 });
  assert.deepEqual(quiet('13:00-14:00'), { from: 13 * 60, to: 14 * 60 });
  assert.equal(quiet('off'), null);
  for (const bad of ['22-07', '24:00-07:00', '22:00-22:00', '22:00', 'night'])
    assert.throws(() => quiet(bad), /EVENT_QUIET_HOURS.*22:00-07:00, or off/, bad);
});

/** "HH:MM" of a moment, Singapore time. */
const hhmm = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(11, 16);

for (const engine of engines()) {
  describe(`quiet hours in the delivery engine (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let api: ReturnType<typeof client>;
    // The engine's clock stands still until the test moves it past the quiet hours.
    const clock = heldClock();
    // Quiet hours from an hour ago to an hour from now, whatever the time the test runs at.
    const startedAt = Date.now();
    const quietEnd = Math.floor((startedAt + 3600_000) / 60_000) * 60_000;

    before(async () => {
      push = await startPushService();
      server = await startTestServer(
        engine,
        { EVENT_QUIET_HOURS: `${hhmm(startedAt - 3600_000)}-${hhmm(quietEnd)}` },
        { delivery: { now: clock.now, pollMs: 50 } },
      );
      api = client(server.url, await staffJar(server, 'admin@quiet.example.sg', 'admin'));
      const subscribe = () => {
        const s = push.subscribe();
        return newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys) });
      };
      await server.app.db.insertInto('subscribers').values([subscribe(), subscribe()]).execute();
    });
    after(async () => {
      await server?.stop();
      await push?.close();
    });

    test('an event published in the quiet hours is held, staff see when it goes, a janaza goes at once; then the event goes', async () => {
      const admin = await staffJar(server, 'admin@quiet.example.sg', 'admin');
      const eventId = await createEvent(server, admin, { heading: 'Night Class' });
      assert.equal((await api.patch(EVENT_PATHS.publish(eventId))).status, 200);
      const janaza = await api.post<{ data?: { _id: string } }>(JANAZA_PATHS.notices, {
        provider: await insertMasjid(server.app.db),
        name: 'Haji Quiet bin Night',
        age: 70,
        postal: '198833',
        dueDate: '2030-05-01T14:30:00+08:00',
        address: 'Blk 1 Jalan Sultan',
        status: 'approved',
      });
      assert.equal(janaza.status, 201);

      // The janaza reaches both subscribers although it is the quiet hours...
      const titles = () => push.received.map((r) => (r.payload as { title?: string } | null)?.title);
      await eventually(async () => titles().filter((t) => t === 'Janaza: Haji Quiet bin Night').length === 2);
      // ... while the event, listed for both at the same time, waits: staff see until when.
      const status = await eventually(async () => {
        const res = await api.get<DeliveryStatusResponse>(`${DELIVERY_API.status}?kind=events&ids=${eventId}`);
        const sending = res.body.items[eventId]?.[0];
        return sending?.expanded && sending;
      });
      assert.equal(status.heldUntil, new Date(quietEnd).toISOString());
      assert.deepEqual(status.channels.webpush, { sent: 0, failed: 0, pending: 2, expired: 0 });
      assert.ok(!titles().includes('Night Class'));

      clock.advance(quietEnd - clock.now() + 1);
      await deliveriesSettled(server.app.db);
      assert.equal(titles().filter((t) => t === 'Night Class').length, 2);
      const after = await api.get<DeliveryStatusResponse>(`${DELIVERY_API.status}?kind=events&ids=${eventId}`);
      assert.equal(after.body.items[eventId]?.[0]?.heldUntil, undefined);
    });
  });
}
