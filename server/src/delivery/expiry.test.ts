import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DELIVERY_API, type DeliveryStatusResponse, EVENT_PATHS, JANAZA_PATHS } from '@ummahnotify/domain';
import { type PushService, startPushService } from '../../test/peers/push-service';
import { client } from '../../test/support/client';
import { type HeldClock, heldClock } from '../../test/support/clock';
import { engines } from '../../test/support/databases';
import { startTestServer, type TestServer } from '../../test/support/server';
import type { CookieJar } from '../../test/support/sign-in';
import { createEvent, eventually, insertMasjid, staffJar } from '../../test/support/staff';
import { newSubscriber } from '../../test/support/subscriber-rows';

type Reply = { data?: unknown; message?: string };

// Quick retries, due when the test moves the engine's clock past them.
const FAST_RETRY = { maxAttempts: 50, baseDelayMs: 150, maxDelayMs: 300 };

/**
 * Messages expire (docs/product/delivery.md#expiry): a janaza message not sent by its prayer time, or an event's not sent by
 * its start, is never sent; it counts as expired. The peer is the local push service. The engine's clock stands
 * still until the test moves it: what is due, and what is past its time, changes when the test says.
 */
for (const engine of engines()) {
  describe(`messages expire (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let admin: CookieJar;
    let api: ReturnType<typeof client>;
    let masjid: string;
    let clock: HeldClock;

    /** A new web push subscriber for janaza and events; its endpoint. */
    const subscriber = async () => {
      const s = push.subscribe();
      await server.app.db
        .insertInto('subscribers')
        .values(newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys) }))
        .execute();
      return s.endpoint;
    };
    const notice = async (dueDate: string, name: string) => {
      const res = await api.post<Reply>(JANAZA_PATHS.notices, {
        provider: masjid,
        name,
        age: 70,
        postal: '198833',
        dueDate,
        address: 'Masjid Sultan',
        status: 'approved',
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return (res.body.data as { _id: string })._id;
    };
    /** The item's deliveries, to the given endpoints only when some are given. */
    const deliveriesOf = (itemId: string, endpoints: string[] = []) => {
      let q = server.app.db
        .selectFrom('deliveries')
        .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
        .innerJoin('subscribers', 'subscribers.id', 'deliveries.subscriber_id')
        .select(['deliveries.state', 'deliveries.attempts', 'deliveries.last_error'])
        .where('outbox.item_id', '=', itemId);
      if (endpoints.length > 0) q = q.where('subscribers.address', 'in', endpoints);
      return q.execute();
    };
    /**
     * The proof that nothing more is on its way to these endpoints: a later notice reaches each of them. The
     * engine sends a channel's claims in turn, so whatever an earlier claim sent has reached the peer by then.
     * The titles the peer took (201) for these endpoints since `mark`: the later notice's alone, if nothing leaked.
     */
    const acceptedAfterALaterNotice = async (name: string, endpoints: string[], mark: number) => {
      await notice(new Date(clock.now() + 3_600_000).toISOString(), name);
      const accepted = () =>
        push.received.slice(mark).filter((r) => endpoints.includes(r.endpoint) && r.status === 201);
      await eventually(async () =>
        endpoints.every((e) =>
          accepted().some((r) => r.endpoint === e && (r.payload as { title?: string })?.title === `Janaza: ${name}`),
        ),
      );
      return accepted().map((r) => (r.payload as { title?: string })?.title);
    };
    const statusOf = async (kind: 'janaza' | 'events', id: string) => {
      const res = await api.get<Reply>(`${DELIVERY_API.status}?kind=${kind}&ids=${id}`);
      assert.equal(res.status, 200);
      return (res.body as unknown as DeliveryStatusResponse).items[id];
    };

    before(async () => {
      push = await startPushService();
      clock = heldClock();
      server = await startTestServer(engine, {}, { delivery: { retry: FAST_RETRY, pollMs: 50, now: clock.now } });
      admin = await staffJar(server, 'admin@expiry.example.sg', 'admin');
      api = client(server.url, admin);
      masjid = await insertMasjid(server.app.db);
    });
    after(async () => {
      await server?.stop();
      await push?.close();
    });

    test('a delivery retried until its prayer time passes ends expired, and nothing reaches the peer after it', async () => {
      const endpoint = await subscriber();
      push.respondWith(endpoint, 503);
      const deadline = clock.now() + 60_000;
      const id = await notice(new Date(deadline).toISOString(), 'Haji Yusof bin Ahmad');
      // Refused (503) and retried while the prayer time is ahead: each retry is due when the clock reaches it.
      const answered = async (attempts: number) =>
        eventually(async () =>
          (await deliveriesOf(id, [endpoint])).some((d) => d.attempts === attempts && d.state === 'pending'),
        );
      await answered(1);
      clock.advance(1_000);
      await answered(2);
      // Nothing is in flight now, and the next retry waits for the clock. From now on the peer would take it,
      // and the clock passes the prayer time: any request the peer gets now is a send after the deadline.
      const mark = push.received.length;
      push.respondWith(endpoint, null);
      clock.advance(60_000);
      const [expired] = await eventually(async () => {
        const rows = await deliveriesOf(id, [endpoint]);
        return rows.every((d) => d.state === 'expired') && rows;
      });
      assert.ok(expired.attempts >= 2, 'it was tried before the deadline');
      assert.match(expired.last_error ?? '', /^expired: not sent before the prayer time/);
      const tries = push.received.slice(0, mark).filter((r) => r.endpoint === endpoint);
      assert.deepEqual(
        tries.map((r) => r.status),
        [503, 503],
        'the peer refused both tries before the deadline',
      );
      assert.deepEqual(
        await acceptedAfterALaterNotice('Kassim bin Daud', [endpoint], mark),
        ['Janaza: Kassim bin Daud'],
        'nothing reached the peer after the deadline but the later notice',
      );
      assert.equal((await deliveriesOf(id, [endpoint]))[0].state, 'expired');

      const [sending] = await statusOf('janaza', id);
      // This test's subscriber is the only one yet: the sending's counts are its delivery's.
      assert.deepEqual(sending.channels.webpush, { sent: 0, failed: 0, pending: 0, expired: 1 });
      const channels = await api.get<{ recent: Record<string, unknown> }>(DELIVERY_API.channels);
      assert.equal(channels.status, 200);
      assert.ok((channels.body.recent.webpush as { expired: number }).expired >= 1);
    });

    test('approving a notice whose prayer time has passed sends nothing: every delivery expires', async () => {
      const endpoints = [await subscriber(), await subscriber()];
      const mark = push.received.length;
      const id = await notice(new Date(Math.min(Date.now(), clock.now()) - 60_000).toISOString(), 'Late Notice');
      const rows = await eventually(async () => {
        const all = await deliveriesOf(id);
        return all.length >= 2 && all.every((d) => d.state === 'expired') && all;
      });
      assert.ok(rows.every((r) => Number(r.attempts) <= 1));
      assert.ok(rows.every((r) => /^expired: /.test(r.last_error ?? '')));
      assert.deepEqual(
        await acceptedAfterALaterNotice('Salmah binte Jaafar', endpoints, mark),
        ['Janaza: Salmah binte Jaafar', 'Janaza: Salmah binte Jaafar'],
        'only the later notice reached them',
      );
      assert.equal(
        push.received.slice(mark).filter((r) => endpoints.includes(r.endpoint)).length,
        2,
        'nor did the peer refuse anything',
      );
      const [sending] = await statusOf('janaza', id);
      assert.equal(sending.channels.webpush.sent, 0);
      assert.ok(sending.channels.webpush.expired >= 2);
    });

    test('an event published after its start sends nothing: its deliveries expire', async () => {
      const endpoint = await subscriber();
      const id = await createEvent(server, admin, {
        heading: 'Kuliah Subuh',
        headingTa: 'சுபுஹ் பயான்',
        dateTime: new Date(Math.min(Date.now(), clock.now()) - 60_000).toISOString(),
      });
      const mark = push.received.length;
      assert.equal((await api.patch<Reply>(EVENT_PATHS.publish(id))).status, 200);
      await eventually(async () => {
        const all = await deliveriesOf(id);
        return all.length > 0 && all.every((d) => d.state === 'expired');
      });
      assert.deepEqual(
        await acceptedAfterALaterNotice('Ramli bin Sulaiman', [endpoint], mark),
        ['Janaza: Ramli bin Sulaiman'],
        'only the later notice reached it',
      );
      assert.equal(push.received.slice(mark).filter((r) => r.endpoint === endpoint).length, 1);
      const [sending] = await statusOf('events', id);
      assert.equal(sending.channels.webpush.sent, 0);
      assert.ok(sending.channels.webpush.expired >= 1);
    });

    // Last: the peer's 429 pauses its whole push service (every endpoint here) for the 10 minutes it asks.
    test('a retry the peer asks for after the prayer time is not scheduled: it expires at once', async () => {
      const endpoint = await subscriber();
      // The peer asks to come back in 10 minutes; the prayer is in 20 seconds.
      push.respondWith(endpoint, 429, { 'retry-after': '600' });
      const id = await notice(new Date(clock.now() + 20_000).toISOString(), 'Hajjah Mariam binte Salleh');
      const rows = await eventually(async () => {
        const all = await deliveriesOf(id, [endpoint]);
        return all.length > 0 && all.every((d) => d.state !== 'pending' && d.state !== 'sending') && all;
      });
      assert.deepEqual(
        rows.map((r) => [r.state, r.attempts]),
        [['expired', 1]],
      );
      assert.match(rows[0].last_error ?? '', /^expired: .*429/);
      push.respondWith(endpoint, null);
    });
  });
}
