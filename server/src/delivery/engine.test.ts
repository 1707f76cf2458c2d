import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DELIVERY_API, type DeliveryStatusResponse, EVENT_PATHS, JANAZA_PATHS } from '@ummahnotify/domain';
import { type PushService, startPushService } from '../../test/peers/push-service';
import { startTelegramApi, type TelegramApi } from '../../test/peers/telegram-api';
import { client } from '../../test/support/client';
import { engines } from '../../test/support/databases';
import { deliveriesSettled } from '../../test/support/deliveries';
import { images } from '../../test/support/images';
import { startTestServer, type TestServer } from '../../test/support/server';
import type { CookieJar } from '../../test/support/sign-in';
import { createEvent, eventually, insertMasjid, staffJar } from '../../test/support/staff';
import { newSubscriber } from '../../test/support/subscriber-rows';
import type { NewSubscriberRow } from '../db/schema';
import { processImage } from '../features/uploads/image';
import { imageStore } from '../features/uploads/store';

interface PushPayload {
  title: string;
  body: string;
  url: string;
  image: string | null;
  correction: boolean;
  lang: string;
}

// Many quick attempts: a slow machine must still catch the failing delivery between two of them.
type Reply = { data?: unknown; message?: string };

const FAST_RETRY = { maxAttempts: 30, baseDelayMs: 50, maxDelayMs: 200 };

for (const engine of engines()) {
  describe(`delivery engine (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let telegram: TelegramApi;
    let admin: CookieJar;
    let api: ReturnType<typeof client>;
    let masjid: string;
    const people: Record<string, NewSubscriberRow> = {};

    const pushTo = (who: string) =>
      push.received
        .filter((r) => r.endpoint === people[who].address && r.status === 201)
        .map((r) => r.payload as PushPayload);
    const telegramTo = (who: string) => telegram.sent.filter((m) => m.chat_id === people[who].address);
    const settled = () => deliveriesSettled(server.app.db);
    const notice = async (over: Record<string, unknown>) => {
      const res = await api.post<Reply>(JANAZA_PATHS.notices, {
        provider: masjid,
        name: 'Haji Ismail bin Osman',
        age: 81,
        postal: '198833',
        dueDate: '2030-05-01T14:30:00+08:00',
        address: 'Blk 1 Jalan Sultan',
        ...over,
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return (res.body.data as { _id: string })._id;
    };
    const setStatus = async (id: string, status: string) => {
      const res = await api.patch<Reply>(`${JANAZA_PATHS.notices}/${id}`, { status });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };

    before(async () => {
      push = await startPushService();
      telegram = await startTelegramApi({ token: '4242:engine-test-token' });
      server = await startTestServer(
        engine,
        { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_URL: telegram.url, DELIVERY_CONCURRENCY: '4' },
        { delivery: { retry: FAST_RETRY, pollMs: 50 } },
      );
      admin = await staffJar(server, 'admin@engine.example.sg', 'admin');
      api = client(server.url, admin);
      masjid = await insertMasjid(server.app.db);
      const webpush = (language: string, over: Partial<NewSubscriberRow> = {}) => {
        const s = push.subscribe();
        return newSubscriber({
          channel: 'webpush',
          address: s.endpoint,
          push_keys: JSON.stringify(s.keys),
          language,
          ...over,
        });
      };
      Object.assign(people, {
        aminah: webpush('en'),
        kamal: webpush('ta'),
        eventsOnly: webpush('en', { topic_janaza: 0 }),
        stopped: webpush('en', { active: 0, deactivated_at: new Date().toISOString() }),
        unconfirmed: webpush('en', { confirmed: 0 }),
        demo: webpush('en', { demo: 1 }),
        fathima: newSubscriber({ channel: 'telegram', address: '700001', language: 'ta' }),
        // email and WhatsApp are not configured here: their subscribers must get nothing and break nothing
        offEmail: newSubscriber({ channel: 'email' }),
        offWhatsapp: newSubscriber({ channel: 'whatsapp' }),
      });
      await server.app.db.insertInto('subscribers').values(Object.values(people)).execute();
    });
    after(async () => {
      await server?.stop();
      await push?.close();
      await telegram?.close();
    });

    test('Notify Now! reaches each janaza subscriber once, in their language; nobody else', async () => {
      const id = await notice({ status: 'approved' });
      await settled();
      const [en] = pushTo('aminah');
      assert.equal(pushTo('aminah').length, 1);
      assert.equal(en.title, 'Janaza: Haji Ismail bin Osman');
      assert.match(en.body, /Haji Ismail bin Osman \(81\) has passed away/);
      assert.match(en.body, /Blk 1 Jalan Sultan/);
      assert.equal(en.correction, false);
      assert.equal(pushTo('kamal').length, 1);
      assert.equal(pushTo('kamal')[0].title, 'ஜனாஸா: Haji Ismail bin Osman');
      assert.equal(telegramTo('fathima').length, 1);
      assert.match(telegramTo('fathima')[0].text ?? '', /ஜனாஸா தொழுகை/);
      for (const who of ['eventsOnly', 'stopped', 'unconfirmed', 'demo']) assert.equal(pushTo(who).length, 0, who);

      const status = await api.get<Reply>(`${DELIVERY_API.status}?kind=janaza&ids=${id}`);
      assert.equal(status.status, 200);
      const body = status.body as unknown as DeliveryStatusResponse;
      const [sending] = body.items[id];
      assert.deepEqual(sending.channels.webpush, { sent: 2, failed: 0, pending: 0, expired: 0 });
      assert.deepEqual(sending.channels.telegram, { sent: 1, failed: 0, pending: 0, expired: 0 });
      assert.deepEqual(sending.channels.email, { sent: 0, failed: 0, pending: 0, expired: 0 });
      const off = body.channels.filter((c) => !c.enabled).map((c) => c.channel);
      assert.deepEqual(off.sort(), ['email', 'whatsapp']);
    });

    test('approving again, and a silent update, send nothing more', async () => {
      const before = push.received.length + telegram.sent.length;
      const id = await notice({ status: 'approved', name: 'Aminah binti Yusof' });
      await settled();
      const afterFirst = push.received.length + telegram.sent.length;
      assert.equal(afterFirst - before, 3, 'two pushes and one Telegram message');
      await setStatus(id, 'silent');
      await setStatus(id, 'approved');
      const silent = await notice({ status: 'silent', name: 'Silent Notice' });
      await setStatus(silent, 'pending');
      // A sending is written in the request's transaction (outbox.ts): once every outbox row is expanded and every
      // delivery has its outcome, whatever those requests made has reached the peers.
      await settled();
      assert.equal(push.received.length + telegram.sent.length, afterFirst);
      const outbox = await server.app.db
        .selectFrom('outbox')
        .selectAll()
        .where('item_id', 'in', [id, silent])
        .execute();
      assert.equal(outbox.length, 1);
    });

    test('a correction goes, marked, to the same recipients with the current details', async () => {
      const id = await notice({ status: 'approved', name: 'Abdul Kader' });
      await settled();
      const newcomer = push.subscribe();
      await server.app.db
        .insertInto('subscribers')
        .values(
          newSubscriber({ channel: 'webpush', address: newcomer.endpoint, push_keys: JSON.stringify(newcomer.keys) }),
        )
        .execute();
      const edit = await api.patch<Reply>(`${JANAZA_PATHS.notices}/${id}`, {
        address: 'Masjid Abdul Gafoor, 41 Dunlop Street',
      });
      assert.equal(edit.status, 200);
      const res = await api.post<Reply>(DELIVERY_API.janazaCorrection(id));
      assert.equal(res.status, 202, JSON.stringify(res.body));
      assert.deepEqual(res.body.data, { number: 1 });
      await settled();
      const corrections = push.received.filter((r) => (r.payload as PushPayload | null)?.correction === true);
      assert.deepEqual(
        corrections.map((r) => r.endpoint).sort(),
        [people.aminah.address, people.kamal.address].sort(),
        'the broadcast recipients, not the newcomer',
      );
      const en = corrections.find((r) => r.endpoint === people.aminah.address)?.payload as PushPayload;
      assert.equal(en.title, 'Correction: Janaza: Abdul Kader');
      assert.match(en.body, /41 Dunlop Street/);
      const ta = telegramTo('fathima').at(-1)?.text ?? '';
      assert.match(ta, /^திருத்தம்: /);

      const never = await notice({ status: 'pending', name: 'Never Sent' });
      const refused = await api.post<Reply>(DELIVERY_API.janazaCorrection(never));
      assert.equal(refused.status, 409);
      assert.match(String(refused.body.message), /not been sent yet/);
    });

    test('a photo reaches Telegram uploaded, never as a link Telegram would have to fetch (this server is on 127.0.0.1)', async () => {
      const id = await notice({ status: 'pending', name: 'Haji Photo bin Ali' });
      const photo = await processImage(await images.jpeg(640, 480));
      const imageId = await imageStore().save(server.app.db, photo, null);
      await server.app.db.updateTable('janaza_notices').set({ image_id: imageId }).where('id', '=', id).execute();
      const mark = telegramTo('fathima').length;
      await setStatus(id, 'approved');
      await settled();
      const sent = telegramTo('fathima').slice(mark);
      assert.deepEqual(
        sent.map((m) => [m.method, m.uploadedBytes]),
        [['sendPhoto', photo.full.length]],
      );
      assert.match(sent[0].caption ?? '', /Haji Photo bin Ali/);
    });

    test('a private notice goes out without the name and the photo', async () => {
      const mark = push.received.length;
      await notice({ status: 'approved', name: 'Secret Name', isPrivacy: true });
      await settled();
      const payloads = push.received.slice(mark).map((r) => r.payload as PushPayload);
      assert.ok(payloads.length >= 2);
      for (const p of payloads) {
        assert.doesNotMatch(JSON.stringify(p), /Secret Name/);
        assert.equal(p.image ?? null, null);
      }
      assert.doesNotMatch(telegramTo('fathima').at(-1)?.text ?? '', /Secret Name/);
    });

    test('a published event reaches events subscribers with the Tamil fields for Tamil readers', async () => {
      const id = await createEvent(server, admin, {
        subHeading: 'Games and food',
        subHeadingTa: 'விளையாட்டும் உணவும்',
      });
      const mark = push.received.length;
      const published = await api.patch<Reply>(EVENT_PATHS.publish(id));
      assert.equal(published.status, 200);
      await settled();
      const got = push.received.slice(mark);
      const byEndpoint = new Map(got.map((r) => [r.endpoint, r.payload as PushPayload]));
      assert.equal(byEndpoint.get(people.eventsOnly.address)?.title, 'Family Day');
      assert.equal(byEndpoint.get(people.kamal.address)?.title, 'குடும்ப தினம்');
      assert.match(byEndpoint.get(people.kamal.address)?.body ?? '', /சுல்தான் பள்ளிவாசல்/);
      // publishing again after unpublishing does not announce it twice
      await api.patch<Reply>(EVENT_PATHS.one(id), { published: false });
      await api.patch<Reply>(EVENT_PATHS.publish(id));
      await settled();
      assert.equal(push.received.length, mark + got.length);
    });

    test('temporary failures are retried; gone subscriptions are retired; errors are recorded', async () => {
      const flaky = push.subscribe();
      const gone = push.subscribe();
      const flakyRow = newSubscriber({
        channel: 'webpush',
        address: flaky.endpoint,
        push_keys: JSON.stringify(flaky.keys),
      });
      const goneRow = newSubscriber({
        channel: 'webpush',
        address: gone.endpoint,
        push_keys: JSON.stringify(gone.keys),
      });
      await server.app.db.insertInto('subscribers').values([flakyRow, goneRow]).execute();
      push.respondWith(flaky.endpoint, 500);
      push.respondWith(gone.endpoint, 410);
      const id = await notice({ status: 'approved', name: 'Retry Case' });
      const outboxId = (
        await eventually(() =>
          server.app.db.selectFrom('outbox').select('id').where('item_id', '=', id).executeTakeFirst(),
        )
      ).id;
      const flakyDelivery = await eventually(async () => {
        const d = await server.app.db
          .selectFrom('deliveries')
          .selectAll()
          .where('outbox_id', '=', outboxId)
          .where('subscriber_id', '=', flakyRow.id)
          .executeTakeFirst();
        return d && d.attempts >= 1 && d.last_error ? d : undefined;
      });
      assert.match(flakyDelivery.last_error ?? '', /500/);
      push.respondWith(flaky.endpoint, null);
      await settled();
      const rows = await server.app.db
        .selectFrom('deliveries')
        .selectAll()
        .where('outbox_id', '=', outboxId)
        .where('subscriber_id', 'in', [flakyRow.id, goneRow.id])
        .execute();
      const flakyDone = rows.find((r) => r.subscriber_id === flakyRow.id);
      const goneDone = rows.find((r) => r.subscriber_id === goneRow.id);
      assert.equal(flakyDone?.state, 'sent');
      assert.ok((flakyDone?.attempts ?? 0) >= 2);
      assert.equal(goneDone?.state, 'failed');
      assert.match(goneDone?.last_error ?? '', /410/);
      const retired = await server.app.db
        .selectFrom('subscribers')
        .select(['active', 'deactivated_at'])
        .where('id', '=', goneRow.id)
        .executeTakeFirstOrThrow();
      assert.equal(retired.active, 0);
      assert.ok(retired.deactivated_at);
    });

    test('a blocked Telegram chat is retired and the rest still get the message', async () => {
      const blocked = newSubscriber({ channel: 'telegram', address: '700099' });
      await server.app.db.insertInto('subscribers').values(blocked).execute();
      telegram.block('700099');
      await notice({ status: 'approved', name: 'Blocked Case' });
      await settled();
      const row = await server.app.db
        .selectFrom('subscribers')
        .select('active')
        .where('id', '=', blocked.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.active, 0);
      assert.match(telegramTo('fathima').at(-1)?.text ?? '', /Blocked Case/);
    });
  });
}
