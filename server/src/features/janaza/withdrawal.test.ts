import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FEED_API } from '@ummahnotify/core';
import { DELIVERY_API, type DeliveryStatusResponse, type FeedResponse, JANAZA_PATHS } from '@ummahnotify/domain';
import { type PushService, startPushService } from '../../../test/peers/push-service';
import { startTelegramApi, type TelegramApi } from '../../../test/peers/telegram-api';
import { calendarEvent } from '../../../test/support/calendar';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { deliveriesSettled } from '../../../test/support/deliveries';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { eventually, insertMasjid, staffJar } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import type { NewSubscriberRow } from '../../db/schema';

interface PushPayload {
  title: string;
  body: string;
  tag: string;
  correction: boolean;
}
type Reply = { data?: Record<string, unknown>; message?: string };

for (const engine of engines()) {
  describe(`withdrawing a sent janaza notice (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let telegram: TelegramApi;
    let api: ReturnType<typeof client>;
    let masjid: string;
    const people: Record<string, NewSubscriberRow> = {};

    const pushesTo = (who: string) =>
      push.received
        .filter((r) => r.endpoint === people[who].address && r.status === 201)
        .map((r) => ({ payload: r.payload as PushPayload, topic: r.headers.topic }));
    const telegramTo = (who: string) => telegram.sent.filter((m) => m.chat_id === people[who].address);
    const webpush = (language: string) => {
      const s = push.subscribe();
      return newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys), language });
    };
    const settled = () => deliveriesSettled(server.app.db);
    const notice = async (over: Record<string, unknown>) => {
      const res = await api.post<Reply>(JANAZA_PATHS.notices, {
        provider: masjid,
        name: 'Haji Withdrawn bin Osman',
        age: 77,
        postal: '198833',
        dueDate: '2030-06-01T14:30:00+08:00',
        address: 'Blk 1 Jalan Sultan',
        status: 'approved',
        ...over,
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return String(res.body.data?._id);
    };
    const withdraw = (id: string, body: unknown = { reason: 'The family asked us to withdraw it' }) =>
      api.post<Reply>(JANAZA_PATHS.withdrawal(id), body);
    const ics = async (id: string) => {
      const res = await fetch(`${server.url}${FEED_API.janazaIcs(id)}`);
      assert.equal(res.status, 200);
      return calendarEvent(await res.text());
    };

    before(async () => {
      push = await startPushService();
      telegram = await startTelegramApi({ token: '4343:withdrawal-test-token' });
      server = await startTestServer(
        engine,
        { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_URL: telegram.url, DELIVERY_CONCURRENCY: '4' },
        { delivery: { pollMs: 50 } },
      );
      api = client(server.url, await staffJar(server, 'admin@withdrawal.example.sg', 'admin'));
      masjid = await insertMasjid(server.app.db);
      Object.assign(people, {
        aminah: webpush('en'),
        kamal: webpush('ta'),
        fathima: newSubscriber({ channel: 'telegram', address: '710001', language: 'ta' }),
      });
      await server.app.db.insertInto('subscribers').values(Object.values(people)).execute();
    });
    after(async () => {
      await server?.stop();
      await push?.close();
      await telegram?.close();
    });

    test('everyone reached gets one cancellation in their language on their channel; a newcomer gets none', async () => {
      push.goOffline(people.kamal.address);
      const id = await notice({});
      await settled();
      const calendarBefore = await ics(id);
      people.newcomer = webpush('en');
      await server.app.db.insertInto('subscribers').values(people.newcomer).execute();

      const res = await withdraw(id);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(typeof res.body.data?.withdrawnAt, 'string');
      await settled();

      const [notified, cancelled, ...more] = pushesTo('aminah');
      assert.equal(more.length, 0, 'one notice and one cancellation');
      assert.equal(notified.payload.title, 'Janaza: Haji Withdrawn bin Osman');
      assert.equal(cancelled.payload.title, 'Cancelled: Janaza: Haji Withdrawn bin Osman');
      assert.match(cancelled.payload.body, /has been withdrawn/);
      assert.equal(cancelled.payload.tag, notified.payload.tag, 'it replaces the notice on screen');
      assert.equal(cancelled.topic, notified.topic, 'and on the push service');
      // Kamal's phone was off: the push service kept only the cancellation (RFC 8030 §5.4).
      const held = push.comeOnline(people.kamal.address).map((h) => (h.payload as PushPayload).title);
      assert.deepEqual(held, ['ரத்து: ஜனாஸா: Haji Withdrawn bin Osman']);
      const [, telegramCancelled, ...telegramMore] = telegramTo('fathima');
      assert.equal(telegramMore.length, 0);
      assert.match(telegramCancelled.text ?? '', /^ரத்து: ஜனாஸா: Haji Withdrawn bin Osman/);
      assert.equal(pushesTo('newcomer').length, 0, 'never told of it, never told it is cancelled');

      const status = await api.get<Reply>(`${DELIVERY_API.status}?kind=janaza&ids=${id}`);
      const [, cancellation] = (status.body as unknown as DeliveryStatusResponse).items[id];
      assert.equal(cancellation.cancellation, true);
      assert.equal(cancellation.channels.webpush.sent, 2);
      assert.equal(cancellation.channels.telegram.sent, 1);

      const feed = (await (await fetch(`${server.url}${FEED_API.feed}`)).json()) as FeedResponse;
      assert.equal(feed.janaza.find((n) => n._id === id)?.cancelled, true);
      const calendar = await ics(id);
      assert.equal(calendar.status, 'CANCELLED');
      assert.equal(calendar.uid, calendarBefore.uid);
      assert.ok(calendar.sequence > calendarBefore.sequence, 'a higher SEQUENCE than the file calendars have');
      assert.notEqual(calendarBefore.status, 'CANCELLED');

      const logged = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'janaza.withdrawn')
        .where('entity_id', '=', id)
        .execute();
      assert.equal(logged.length, 1);
      assert.match(String(logged[0].after), /The family asked us to withdraw it/);
    });

    test("an edit after sending, then the withdrawal, each raise the calendar file's SEQUENCE under the same UID", async () => {
      const id = await notice({ name: 'Haji Moved bin Ali' });
      await settled();
      const standing = await ics(id);
      assert.equal(standing.sequence, 0, 'a file never changed (RFC 5545 §3.8.7.4)');
      const edit = await api.patch<Reply>(JANAZA_PATHS.notice(id), { address: '3 Muscat Street' });
      assert.equal(edit.status, 200, JSON.stringify(edit.body));
      const edited = await ics(id);
      assert.equal(edited.uid, standing.uid);
      assert.equal(edited.sequence, 1, 'a calendar takes the corrected place in place of the one it holds');
      assert.match(String(edited.location), /3 Muscat Street/);
      assert.equal((await withdraw(id)).status, 200);
      const cancelled = await ics(id);
      assert.equal(cancelled.uid, standing.uid);
      assert.equal(cancelled.sequence, 2);
      assert.equal(cancelled.status, 'CANCELLED');
      await settled();
    });

    test('a withdrawn notice is final: no second withdrawal, no edit, no correction', async () => {
      const id = await notice({ name: 'Haji Final bin Ali' });
      await settled();
      assert.equal((await withdraw(id)).status, 200);
      const again = await withdraw(id);
      assert.equal(again.status, 409);
      assert.match(String(again.body.message), /already withdrawn/);
      const edit = await api.patch<Reply>(JANAZA_PATHS.notice(id), { address: 'Somewhere else' });
      assert.equal(edit.status, 409);
      assert.equal((await api.post<Reply>(DELIVERY_API.janazaCorrection(id))).status, 409);
      await settled();
      const cancellations = await server.app.db
        .selectFrom('outbox')
        .select('number')
        .where('item_id', '=', id)
        .where('cancellation', '=', 1)
        .execute();
      assert.equal(cancellations.length, 1);
    });

    test('refused, and nothing written: no reason, a notice never sent, an unknown one', async () => {
      const id = await notice({ name: 'Haji Pending bin Ali', status: 'pending' });
      for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
        // "Create anyway" past the duplicate warning: these notices differ only in their names.
        const sent = await notice({ name: `Haji Sent ${JSON.stringify(body).length}`, confirmDuplicate: true });
        const res = await withdraw(sent, body);
        assert.equal(res.status, 400, JSON.stringify(res.body));
      }
      const unsent = await withdraw(id);
      assert.equal(unsent.status, 409);
      assert.match(String(unsent.body.message), /Only an approved notice/);
      assert.equal((await withdraw('00000000-0000-4000-8000-000000000000')).status, 404);
      await settled();
      const withdrawn = await server.app.db
        .selectFrom('janaza_notices')
        .select('id')
        .where('name', 'like', 'Haji Sent%')
        .where('withdrawn_at', 'is not', null)
        .execute();
      assert.equal(withdrawn.length, 0);
    });

    test("a private notice's cancellation names nobody, nor does its log entry", async () => {
      const id = await notice({ name: 'Haji Private bin Omar', isPrivacy: true });
      await settled();
      assert.equal((await withdraw(id, { reason: 'Wrong day' })).status, 200);
      await settled();
      const cancelled = pushesTo('aminah').at(-1)?.payload;
      assert.equal(cancelled?.title, 'Cancelled: Janaza prayer notice');
      assert.ok(!JSON.stringify(cancelled).includes('Private bin Omar'));
      assert.ok(!(telegramTo('fathima').at(-1)?.text ?? '').includes('Private bin Omar'));
      const logged = await server.app.db
        .selectFrom('audit_log')
        .select('after')
        .where('action', '=', 'janaza.withdrawn')
        .where('entity_id', '=', id)
        .executeTakeFirstOrThrow();
      assert.ok(!String(logged.after).includes('Private bin Omar'));
    });

    test('messages not sent yet are dropped: who was never told is not told it is cancelled', async () => {
      // Telegram asks the bot to wait an hour: the notice's Telegram message stays pending.
      telegram.rateLimit(1, 3600);
      const before = telegramTo('fathima').length;
      const id = await notice({ name: 'Haji Waiting bin Salleh' });
      await eventually(async () => {
        const waiting = await server.app.db
          .selectFrom('deliveries')
          .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
          .select(['deliveries.state', 'deliveries.channel'])
          .where('outbox.item_id', '=', id)
          .execute();
        const telegramWaits = waiting.some((d) => d.channel === 'telegram' && d.state === 'pending');
        const webpushPeople = Object.values(people).filter((p) => p.channel === 'webpush').length;
        const pushesSent =
          waiting.filter((d) => d.channel === 'webpush' && d.state === 'sent').length === webpushPeople;
        return telegramWaits && pushesSent;
      });
      assert.equal((await withdraw(id)).status, 200);
      await settled();
      assert.equal(telegramTo('fathima').length, before, 'neither the notice nor its cancellation');
      assert.equal(pushesTo('aminah').at(-1)?.payload.title, 'Cancelled: Janaza: Haji Waiting bin Salleh');
      const status = await api.get<Reply>(`${DELIVERY_API.status}?kind=janaza&ids=${id}`);
      const [broadcast, cancellation] = (status.body as unknown as DeliveryStatusResponse).items[id];
      assert.deepEqual(broadcast.channels.telegram.reasons, [{ code: 'withdrawn', count: 1 }]);
      assert.equal(cancellation.channels.telegram.sent + cancellation.channels.telegram.pending, 0);
      assert.equal(cancellation.channels.webpush.sent, broadcast.channels.webpush.sent);
      // A superadmin's "Retry failed" on that broadcast sends nothing: a withdrawn notice's messages are final.
      const root = client(server.url, await staffJar(server, 'root@withdrawal.example.sg', 'superadmin'));
      const retried = await root.post<{ data: { retried: number } }>(DELIVERY_API.retry, {
        kind: 'janaza',
        id,
        number: 0,
      });
      assert.equal(retried.status, 200, JSON.stringify(retried.body));
      assert.equal(retried.body.data.retried, 0);
    });
  });
}
