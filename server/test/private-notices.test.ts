import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FEED_API } from '@ummahnotify/core';
import { DELIVERY_API, JANAZA_PATHS } from '@ummahnotify/domain';
import type { NewSubscriberRow } from '../src/db/schema';
import { type PushService, startPushService } from './peers/push-service';
import { type SmtpPeer, startSmtpPeer } from './peers/smtp';
import { startTelegramApi, type TelegramApi } from './peers/telegram-api';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from './peers/whatsapp-api';
import { client } from './support/client';
import { engines } from './support/databases';
import { deliveriesSettled } from './support/deliveries';
import { images } from './support/images';
import { startTestServer, type TestServer } from './support/server';
import type { CookieJar } from './support/sign-in';
import { eventually, insertMasjid, staffJar } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

type Reply = { data?: unknown; message?: string };

/** A note may name the deceased or the family; on a private notice only staff may read it. */
const PRIVATE_NOTE = 'Family of Rahimah binte Salleh receives visitors at Blk 77 Bedok North';
const PUBLIC_NOTE = 'Burial at Pusara Abadi after the prayer';
const ADDRESS = 'Blk 1 Jalan Sultan';

/**
 * How long a shared cache (a CDN, a proxy) may serve the answer without asking the server again, read from
 * Cache-Control as RFC 9111 says (sections 3, 4.2.1, 5.2.2): nothing stored with no-store or private, no
 * reuse without asking with no-cache, else s-maxage, else max-age. Without either the cache may guess a
 * lifetime (section 4.2.2): `heuristic`.
 */
function sharedCacheLifetime(cacheControl: string | null): number | 'heuristic' {
  const directives = new Map(
    (cacheControl ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean)
      .map((d) => {
        const [name, value] = d.split('=');
        return [name, value?.replace(/"/g, '')] as const;
      }),
  );
  if (directives.has('no-store') || directives.has('private') || directives.has('no-cache')) return 0;
  const seconds = directives.get('s-maxage') ?? directives.get('max-age');
  return seconds === undefined ? 'heuristic' : Number(seconds);
}

for (const engine of engines()) {
  describe(`a private notice is private to the end (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let smtp: SmtpPeer;
    let telegram: TelegramApi;
    let whatsapp: WhatsAppApi;
    let admin: CookieJar;
    let api: ReturnType<typeof client>;
    let masjid: string;
    const people: NewSubscriberRow[] = [];

    /** Everything each peer received from index `mark` on, as text, one entry per message. */
    const received = (marks: Record<string, number>) => ({
      webpush: push.received.slice(marks.webpush).map((r) => JSON.stringify(r.payload)),
      email: smtp.messages.slice(marks.email).map((m) => `${m.subject}\n${m.text}\n${m.html}`),
      telegram: telegram.sent.slice(marks.telegram).map((m) => `${m.text ?? ''}${m.caption ?? ''}`),
      whatsapp: whatsapp.sent.slice(marks.whatsapp).map((m) => `${m.body ?? ''}${JSON.stringify(m.template)}`),
    });
    const marks = () => ({
      webpush: push.received.length,
      email: smtp.messages.length,
      telegram: telegram.sent.length,
      whatsapp: whatsapp.sent.length,
    });
    const settled = () => deliveriesSettled(server.app.db);
    const notice = async (over: Record<string, unknown>) => {
      const res = await api.post<Reply>(JANAZA_PATHS.notices, {
        provider: masjid,
        name: 'Haji Ismail bin Osman',
        age: 81,
        postal: '198833',
        dueDate: '2030-05-01T14:30:00+08:00',
        address: ADDRESS,
        status: 'approved',
        confirmDuplicate: true,
        ...over,
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return (res.body.data as { _id: string })._id;
    };
    /** Sends a notice to everyone and then a correction of it; what each peer received meanwhile. */
    const sendWithCorrection = async (over: Record<string, unknown>) => {
      const mark = marks();
      const id = await notice(over);
      await settled();
      const correction = await api.post<Reply>(DELIVERY_API.janazaCorrection(id));
      assert.equal(correction.status, 202, JSON.stringify(correction.body));
      await settled();
      return received(mark);
    };

    before(async () => {
      push = await startPushService();
      smtp = await startSmtpPeer();
      telegram = await startTelegramApi({ token: '2626:private-notes-token' });
      whatsapp = await startWhatsAppApi({
        token: 'private-notes-wa-token',
        phoneId: '100000000000026',
        appSecret: 'private-notes-secret',
        templates: readmeTemplates(),
      });
      server = await startTestServer(
        engine,
        {
          SMTP_URL: smtp.url,
          MAIL_FROM: 'UmmahNotify <notices@example.sg>',
          TELEGRAM_BOT_TOKEN: telegram.token,
          TELEGRAM_API_URL: telegram.url,
          WHATSAPP_TOKEN: 'private-notes-wa-token',
          WHATSAPP_PHONE_ID: '100000000000026',
          WHATSAPP_API_URL: whatsapp.url,
        },
        { delivery: { pollMs: 50 } },
      );
      admin = await staffJar(server, 'admin@private-notes.example.sg', 'admin');
      api = client(server.url, admin);
      masjid = await insertMasjid(server.app.db);
      for (const language of ['en', 'ta']) {
        const s = push.subscribe();
        people.push(
          newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys), language }),
          newSubscriber({ channel: 'email', language }),
          newSubscriber({ channel: 'telegram', language }),
          newSubscriber({ channel: 'whatsapp', language }),
        );
      }
      await server.app.db.insertInto('subscribers').values(people).execute();
    });
    after(async () => {
      await server?.stop();
      await Promise.all([push?.close(), smtp?.close(), telegram?.close(), whatsapp?.close()]);
    });

    test('a public notice’s note reaches the subscribers (what the next test must not see)', async () => {
      const got = await sendWithCorrection({ note: PUBLIC_NOTE });
      // two people a channel, the notice and its correction
      for (const channel of ['webpush', 'email', 'telegram'] as const) {
        assert.equal(got[channel].length, 4, channel);
        for (const message of got[channel]) assert.ok(message.includes(PUBLIC_NOTE), `${channel}: ${message}`);
      }
      // a WhatsApp template has no room for the note (README "WhatsApp templates")
      assert.equal(got.whatsapp.length, 4);
    });

    test('a private notice’s note reaches no subscriber on any channel, nor in its correction', async () => {
      const got = await sendWithCorrection({ name: 'Rahimah binte Salleh', isPrivacy: true, note: PRIVATE_NOTE });
      for (const [channel, messages] of Object.entries(got)) {
        assert.equal(messages.length, 4, channel);
        for (const message of messages) {
          assert.ok(message.includes(ADDRESS), `${channel} got the notice: ${message}`);
          assert.ok(!message.includes('Bedok North'), `${channel} got the note: ${message}`);
          assert.ok(!message.includes('Rahimah'), `${channel} got the name: ${message}`);
        }
      }
    });

    test('the public feed and calendar files leave it out; the staff list shows the note, never cached', async () => {
      const id = await notice({ name: 'Rahimah binte Salleh', isPrivacy: true, note: PRIVATE_NOTE });
      const feed = await fetch(`${server.url}${FEED_API.feed}`);
      const feedText = await feed.text();
      assert.equal(feed.status, 200);
      assert.ok(feedText.includes(PUBLIC_NOTE), 'the feed lists the public notice with its note');
      assert.ok(!feedText.includes('Bedok North') && !feedText.includes(id));
      for (const lang of ['en', 'ta'] as const) {
        const ics = await fetch(`${server.url}${FEED_API.janazaIcs(id, lang)}`);
        assert.equal(ics.status, 404);
        assert.ok(!(await ics.text()).includes('Bedok North'));
      }

      const staff = await fetch(`${server.url}${JANAZA_PATHS.notices}`, { headers: { cookie: admin.header() } });
      assert.equal(staff.status, 200);
      assert.ok((await staff.text()).includes(PRIVATE_NOTE));
      assert.equal(staff.headers.get('cache-control'), 'no-store');
      // a refusal of a staff route, too; the public feed keeps its own caching
      const refused = await fetch(`${server.url}${JANAZA_PATHS.notices}`);
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('cache-control'), 'no-store');
      assert.notEqual(feed.headers.get('cache-control'), 'no-store');
    });

    test('a notice made private: its public photo and .ics answer 404 at once, kept by no shared cache', async () => {
      const form = new FormData();
      const fields = { provider: masjid, name: 'Made Private', age: '64', postal: '198833', status: 'approved' };
      for (const [k, v] of Object.entries({ ...fields, dueDate: '2030-06-01T14:30:00+08:00', note: 'x' }))
        form.append(k, v);
      form.append('image', new Blob([new Uint8Array(await images.jpeg())], { type: 'image/jpeg' }), 'p.jpg');
      const created = await fetch(`${server.url}${JANAZA_PATHS.notices}`, {
        method: 'POST',
        headers: { cookie: admin.header(), origin: server.url },
        body: form,
      });
      assert.equal(created.status, 201);
      const id = ((await created.json()) as { data: { _id: string } }).data._id;
      const feed = (await (await fetch(`${server.url}${FEED_API.feed}`)).json()) as {
        janaza: { _id: string; imageUrl: string | null; icsUrl: string }[];
      };
      const card = feed.janaza.find((j) => j._id === id);
      assert.ok(card?.imageUrl, 'the public notice is in the feed with its photo');
      const files = [card.imageUrl, card.icsUrl, FEED_API.janazaIcs(id, 'ta')];

      // While public: served, a shared cache may keep it but must ask each time, and asking costs a 304.
      const etags: (string | null)[] = [];
      for (const path of files) {
        const res = await fetch(`${server.url}${path}`);
        const body = await res.text();
        assert.equal(res.status, 200, path);
        assert.equal(sharedCacheLifetime(res.headers.get('cache-control')), 0, path);
        etags.push(res.headers.get('etag'));
        // A calendar file carries the time of each answer (DTSTAMP): once an answer's differs, a validator
        // that changed with it would miss.
        if (path !== card.imageUrl)
          await eventually<boolean>(async () => (await (await fetch(`${server.url}${path}`)).text()) !== body);
        const again: Response = await fetch(`${server.url}${path}`, {
          headers: { 'if-none-match': String(etags.at(-1)) },
        });
        assert.equal(again.status, 304, path);
      }

      const patched = await api.patch<Reply>(JANAZA_PATHS.notice(id), { isPrivacy: true });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      for (const [i, path] of files.entries()) {
        for (const headers of [{}, { 'if-none-match': String(etags[i]) }] as Record<string, string>[]) {
          const res = await fetch(`${server.url}${path}`, { headers });
          await res.arrayBuffer();
          assert.equal(res.status, 404, path);
          assert.equal(sharedCacheLifetime(res.headers.get('cache-control')), 0, path);
        }
      }
    });
  });
}
