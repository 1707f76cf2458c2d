import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { DELIVERY_API, type DeliveryStatusResponse, EVENT_PATHS } from '@ummahnotify/domain';
import { type PushService, startPushService } from '../../../test/peers/push-service';
import { type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { startTelegramApi, type TelegramApi } from '../../../test/peers/telegram-api';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from '../../../test/peers/whatsapp-api';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { deliveriesSettled } from '../../../test/support/deliveries';
import { startTestServer, type TestServer } from '../../../test/support/server';
import type { CookieJar } from '../../../test/support/sign-in';
import { staffJar } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import type { NewSubscriberRow } from '../../db/schema';

type Reply = { code?: number; data?: { _id?: string; number?: number }; message?: string };
const WHATSAPP = { token: 'EAAG-correction-test', phoneId: '109876500001' };

/**
 * "Send correction" on a published event reaches, on every channel (each a real local
 * peer), the people its broadcast reached, marked as a correction, with the event as it is now.
 */
for (const engine of engines()) {
  describe(`event correction (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let telegram: TelegramApi;
    let smtp: SmtpPeer;
    let whatsapp: WhatsAppApi;
    let admin: CookieJar;
    let api: ReturnType<typeof client>;
    const people: Record<string, NewSubscriberRow> = {};

    const settled = () => deliveriesSettled(server.app.db);

    const createEvent = async (heading: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        heading,
        headingTa: 'குடும்ப தினம்',
        address: 'Masjid Sultan, 3 Muscat Street',
        addressTa: 'சுல்தான் பள்ளிவாசல், 3 மஸ்கட் தெரு',
        dateTime: '2030-06-01T10:00:00+08:00',
      }))
        form.append(k, v);
      const res = await fetch(`${server.url}${EVENT_PATHS.list}`, {
        method: 'POST',
        headers: { cookie: admin.header(), origin: server.url },
        body: form,
      });
      assert.equal(res.status, 201);
      return ((await res.json()) as { data: { _id: string } }).data._id;
    };

    before(async () => {
      push = await startPushService();
      telegram = await startTelegramApi({ token: '4242:correction-test-token' });
      smtp = await startSmtpPeer();
      whatsapp = await startWhatsAppApi({ ...WHATSAPP, templates: readmeTemplates() });
      server = await startTestServer(
        engine,
        {
          TELEGRAM_BOT_TOKEN: telegram.token,
          TELEGRAM_API_URL: telegram.url,
          SMTP_URL: smtp.url,
          MAIL_FROM: 'UmmahNotify <notify@example.org>',
          WHATSAPP_TOKEN: WHATSAPP.token,
          WHATSAPP_PHONE_ID: WHATSAPP.phoneId,
          WHATSAPP_API_URL: whatsapp.url,
        },
        { delivery: { retry: { maxAttempts: 5, baseDelayMs: 50, maxDelayMs: 200 }, pollMs: 50 } },
      );
      admin = await staffJar(server, 'editor@correction.example.sg', 'editor');
      api = client(server.url, admin);
      const s = push.subscribe();
      Object.assign(people, {
        push: newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys) }),
        mail: newSubscriber({ channel: 'email', address: 'aisha@example.sg' }),
        telegram: newSubscriber({ channel: 'telegram', address: '700042', language: 'ta' }),
        whatsapp: newSubscriber({ channel: 'whatsapp', address: '+6591230001' }),
        janazaOnly: newSubscriber({ channel: 'email', address: 'janaza.only@example.sg', topic_events: 0 }),
      });
      await server.app.db.insertInto('subscribers').values(Object.values(people)).execute();
    });
    after(async () => {
      await server?.stop();
      await Promise.all([push?.close(), telegram?.close(), smtp?.close(), whatsapp?.close()]);
    });

    test('a published event: the correction reaches every channel, marked, with the current details', async () => {
      const id = await createEvent('Family Day');
      assert.equal((await api.patch<Reply>(EVENT_PATHS.publish(id))).status, 200);
      await settled();
      assert.equal(smtp.messages.length, 1, 'the broadcast: one mail (the janaza-only subscriber gets none)');
      assert.equal(smtp.messages[0].subject, 'Family Day');

      // The place changes; someone subscribes after the broadcast (a correction is not news to them).
      const edit = await api.patch<Reply>(EVENT_PATHS.one(id), { address: 'Masjid Abdul Gafoor, 41 Dunlop Street' });
      assert.equal(edit.status, 200);
      await server.app.db
        .insertInto('subscribers')
        .values(newSubscriber({ channel: 'email', address: 'newcomer@example.sg' }))
        .execute();

      const res = await api.post<Reply>(EVENT_PATHS.correction(id));
      assert.equal(res.status, 202, JSON.stringify(res.body));
      assert.deepEqual(res.body.data, { number: 1 });
      await settled();

      const pushes = push.received.filter((r) => r.endpoint === people.push.address && r.status === 201);
      assert.equal(pushes.length, 2);
      const pushed = pushes[1].payload as { title: string; body: string; correction: boolean };
      assert.equal(pushed.correction, true);
      assert.equal(pushed.title, 'Correction: Family Day');
      assert.match(pushed.body, /41 Dunlop Street/);

      assert.deepEqual(
        smtp.messages.map((mail) => mail.to.join()),
        ['aisha@example.sg', 'aisha@example.sg'],
        'the broadcast recipient twice; not the newcomer, not the janaza-only subscriber',
      );
      assert.equal(smtp.messages[1].subject, 'Correction: Family Day');
      assert.match(smtp.messages[1].text, /Where: Masjid Abdul Gafoor, 41 Dunlop Street/);

      const chats = telegram.sent.filter((m) => m.chat_id === people.telegram.address);
      assert.equal(chats.length, 2);
      assert.match(chats[1].text ?? '', /^திருத்தம்: குடும்ப தினம்/);

      const texts = whatsapp.sent.filter((m) => m.to === '6591230001');
      assert.equal(texts.length, 2);
      assert.ok((texts[1].body ?? '').startsWith('Correction to an earlier message: Family Day'), texts[1].body);

      const status = await api.get<DeliveryStatusResponse>(`${DELIVERY_API.status}?kind=events&ids=${id}`);
      const sendings = status.body.items[id];
      assert.deepEqual(
        sendings.map((s) => s.number),
        [0, 1],
      );
      for (const channel of ['webpush', 'email', 'telegram', 'whatsapp'] as const) {
        // WhatsApp counts what it reports later too (delivered, read): this test's peer reports nothing.
        const reported = channel === 'whatsapp' ? { delivered: 0, read: 0 } : {};
        assert.deepEqual(
          sendings[1].channels[channel],
          { sent: 1, failed: 0, pending: 0, expired: 0, ...reported },
          channel,
        );
      }

      const audited = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'event.corrected')
        .where('entity_id', '=', id)
        .execute();
      assert.equal(audited.length, 1);
    });

    test('refused with a clear 409 when the event is not published (never, or no longer), 404 when unknown', async () => {
      const draft = await createEvent('Draft Talk');
      const refused = await api.post<Reply>(EVENT_PATHS.correction(draft));
      assert.equal(refused.status, 409);
      assert.match(String(refused.body.message), /not published/);

      const withdrawn = await createEvent('Withdrawn Talk');
      await api.patch<Reply>(EVENT_PATHS.publish(withdrawn));
      await settled();
      await api.patch<Reply>(EVENT_PATHS.one(withdrawn), { published: false });
      const again = await api.post<Reply>(EVENT_PATHS.correction(withdrawn));
      assert.equal(again.status, 409);
      assert.match(String(again.body.message), /not published/);

      const unknown = await api.post<Reply>(EVENT_PATHS.correction(randomUUID()));
      assert.equal(unknown.status, 404);
      const bad = await api.post<Reply>(EVENT_PATHS.correction('not-an-id'));
      assert.equal(bad.status, 400);

      const outbox = await server.app.db
        .selectFrom('outbox')
        .select('number')
        .where('item_id', 'in', [draft, withdrawn])
        .execute();
      assert.deepEqual(
        outbox.map((o) => o.number),
        [0],
        'only the withdrawn event’s broadcast; no correction written',
      );
    });
  });
}
