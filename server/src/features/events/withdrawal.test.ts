import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FEED_API } from '@ummahnotify/core';
import { DELIVERY_API, type DeliveryStatusResponse, EVENT_PATHS, type FeedResponse } from '@ummahnotify/domain';
import { type PushService, startPushService } from '../../../test/peers/push-service';
import { startTelegramApi, type TelegramApi } from '../../../test/peers/telegram-api';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from '../../../test/peers/whatsapp-api';
import { calendarEvent } from '../../../test/support/calendar';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { deliveriesSettled } from '../../../test/support/deliveries';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { staffJar } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import type { NewSubscriberRow } from '../../db/schema';

interface PushPayload {
  title: string;
  body: string;
  tag: string;
}
type Reply = { data?: Record<string, unknown>; message?: string };
const WHATSAPP = { token: 'EAAG-event-withdrawal-test', phoneId: '109876500077' };

/**
 * Withdrawing a published event (docs/product/rules.md#event): everyone its broadcast reached is told it is
 * cancelled, on their channel and in their language (each channel a real local peer); the feed and the calendar
 * file say so; the event is final.
 */
for (const engine of engines()) {
  describe(`withdrawing a published event (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let telegram: TelegramApi;
    let whatsapp: WhatsAppApi;
    let api: ReturnType<typeof client>;
    const people: Record<string, NewSubscriberRow> = {};

    const pushesTo = (who: string) =>
      push.received
        .filter((r) => r.endpoint === people[who].address && r.status === 201)
        .map((r) => ({ payload: r.payload as PushPayload, topic: r.headers.topic }));
    const telegramTo = (who: string) => telegram.sent.filter((m) => m.chat_id === people[who].address);
    const whatsappTo = (who: string) => whatsapp.sent.filter((m) => m.to === people[who].address.replace('+', ''));
    const webpush = (language: string) => {
      const s = push.subscribe();
      return newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys), language });
    };
    const settled = () => deliveriesSettled(server.app.db);
    const event = async (heading: string, { publish = true } = {}) => {
      const res = await api.post<Reply>(EVENT_PATHS.list, {
        heading,
        headingTa: 'குடும்ப தினம்',
        address: 'Masjid Sultan, 3 Muscat Street',
        dateTime: '2030-06-01T10:00:00+08:00',
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const id = String(res.body.data?._id);
      if (publish) assert.equal((await api.patch<Reply>(EVENT_PATHS.publish(id))).status, 200);
      return id;
    };
    const withdraw = (id: string, body: unknown = { reason: 'The hall is closed for repairs' }) =>
      api.post<Reply>(EVENT_PATHS.withdrawal(id), body);
    const ics = async (id: string) => {
      const res = await fetch(`${server.url}${FEED_API.eventIcs(id)}`);
      assert.equal(res.status, 200);
      return calendarEvent(await res.text());
    };

    before(async () => {
      push = await startPushService();
      telegram = await startTelegramApi({ token: '4344:event-withdrawal-token' });
      whatsapp = await startWhatsAppApi({ ...WHATSAPP, templates: readmeTemplates() });
      server = await startTestServer(
        engine,
        {
          TELEGRAM_BOT_TOKEN: telegram.token,
          TELEGRAM_API_URL: telegram.url,
          WHATSAPP_TOKEN: WHATSAPP.token,
          WHATSAPP_PHONE_ID: WHATSAPP.phoneId,
          WHATSAPP_API_URL: whatsapp.url,
        },
        { delivery: { pollMs: 50 } },
      );
      api = client(server.url, await staffJar(server, 'editor@event-withdrawal.example.sg', 'editor'));
      Object.assign(people, {
        aminah: webpush('en'),
        kamal: webpush('ta'),
        fathima: newSubscriber({ channel: 'telegram', address: '720001', language: 'ta' }),
        yusuf: newSubscriber({ channel: 'whatsapp', address: '+6591230077' }),
      });
      await server.app.db.insertInto('subscribers').values(Object.values(people)).execute();
    });
    after(async () => {
      await server?.stop();
      await Promise.all([push?.close(), telegram?.close(), whatsapp?.close()]);
    });

    test('everyone reached gets one cancellation in their language on their channel; the feed and .ics say so', async () => {
      push.goOffline(people.kamal.address);
      const id = await event('Family Day');
      await settled();
      const calendarBefore = await ics(id);
      people.newcomer = webpush('en');
      await server.app.db.insertInto('subscribers').values(people.newcomer).execute();

      const res = await withdraw(id);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(typeof res.body.data?.withdrawnAt, 'string');
      assert.equal(res.body.data?.withdrawnReason, 'The hall is closed for repairs');
      await settled();

      const [told, cancelled, ...more] = pushesTo('aminah');
      assert.equal(more.length, 0, 'one event and one cancellation');
      assert.equal(told.payload.title, 'Family Day');
      assert.equal(cancelled.payload.title, 'Cancelled: Family Day');
      assert.match(cancelled.payload.body, /^This event has been cancelled\./);
      assert.equal(cancelled.payload.tag, told.payload.tag, 'it replaces the event on screen');
      assert.equal(cancelled.topic, told.topic, 'and on the push service');
      // Kamal's phone was off: the push service kept only the cancellation (RFC 8030 §5.4).
      const held = push.comeOnline(people.kamal.address).map((h) => (h.payload as PushPayload).title);
      assert.deepEqual(held, ['ரத்து: குடும்ப தினம்']);
      const [, telegramCancelled, ...telegramMore] = telegramTo('fathima');
      assert.equal(telegramMore.length, 0);
      assert.match(telegramCancelled.text ?? '', /^ரத்து: குடும்ப தினம்\n\nஇந்த நிகழ்வு ரத்து செய்யப்பட்டது/);
      const [, whatsappCancelled, ...whatsappMore] = whatsappTo('yusuf');
      assert.equal(whatsappMore.length, 0);
      assert.equal(whatsappCancelled.template?.name, 'ummahnotify_event_cancellation');
      assert.match(whatsappCancelled.body ?? '', /^Cancelled: Family Day\nWhen: .*\nWhere: Masjid Sultan/);
      assert.equal(pushesTo('newcomer').length, 0, 'never told of it, never told it is cancelled');

      const status = await api.get<Reply>(`${DELIVERY_API.status}?kind=events&ids=${id}`);
      const [, cancellation] = (status.body as unknown as DeliveryStatusResponse).items[id];
      assert.equal(cancellation.cancellation, true);
      assert.equal(cancellation.channels.webpush.sent, 2);

      const feed = (await (await fetch(`${server.url}${FEED_API.feed}`)).json()) as FeedResponse;
      assert.equal(feed.events.find((e) => e._id === id)?.cancelled, true);
      const calendar = await ics(id);
      assert.equal(calendar.status, 'CANCELLED');
      assert.equal(calendar.uid, calendarBefore.uid);
      assert.ok(calendar.sequence > calendarBefore.sequence, 'a higher SEQUENCE than the file calendars have');
      assert.notEqual(calendarBefore.status, 'CANCELLED');

      const logged = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'event.withdrawn')
        .where('entity_id', '=', id)
        .execute();
      assert.equal(logged.length, 1);
      assert.match(String(logged[0].after), /The hall is closed for repairs/);
    });

    test('a withdrawn event is final: no second withdrawal, edit, publishing or correction; it can be deleted', async () => {
      const id = await event('Quran Night');
      await settled();
      assert.equal((await withdraw(id)).status, 200);
      const again = await withdraw(id);
      assert.equal(again.status, 409);
      assert.match(String(again.body.message), /already withdrawn/);
      const edit = await api.patch<Reply>(EVENT_PATHS.one(id), { address: 'Somewhere else' });
      assert.equal(edit.status, 409);
      assert.match(String(edit.body.message), /cannot be changed/);
      assert.equal((await api.patch<Reply>(EVENT_PATHS.publish(id))).status, 409);
      assert.equal((await api.patch<Reply>(EVENT_PATHS.one(id), { published: false })).status, 409);
      assert.equal((await api.post<Reply>(EVENT_PATHS.correction(id))).status, 409);
      await settled();
      const cancellations = await server.app.db
        .selectFrom('outbox')
        .select('number')
        .where('item_id', '=', id)
        .where('cancellation', '=', 1)
        .execute();
      assert.equal(cancellations.length, 1);
      assert.equal((await api.delete<Reply>(EVENT_PATHS.one(id))).status, 200);
    });

    test('refused, and nothing written: a bad reason, an event not published, an unknown one', async () => {
      const published = await event('Bad reasons');
      for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
        const res = await withdraw(published, body);
        assert.equal(res.status, 400, JSON.stringify(res.body));
      }
      const draft = await event('Still a draft', { publish: false });
      const unpublished = await withdraw(draft);
      assert.equal(unpublished.status, 409);
      assert.match(String(unpublished.body.message), /Only a published event/);
      assert.equal((await withdraw('00000000-0000-4000-8000-000000000000')).status, 404);
      assert.equal((await withdraw('not-an-id')).status, 400);
      await settled();
      const withdrawn = await server.app.db
        .selectFrom('events')
        .select('id')
        .where((eb) => eb.or([eb('heading', '=', 'Bad reasons'), eb('heading', '=', 'Still a draft')]))
        .where('withdrawn_at', 'is not', null)
        .execute();
      assert.equal(withdrawn.length, 0);
    });
  });
}
