import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import type { NewSubscriberRow } from '../src/db/schema';
import { resumeChannel } from '../src/delivery/pauses';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from './peers/whatsapp-api';
import { webhookNotification } from './peers/whatsapp-statuses';
import { client } from './support/client';
import { engines } from './support/databases';
import { deliveriesSettled } from './support/deliveries';
import { startTestServer, type TestServer } from './support/server';
import { eventually, insertMasjid, staffJar } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

type Reply = { data?: { _id: string } };

const TOKEN = 'status-wa-token';
const PHONE_ID = '100000000000091';
const APP_SECRET = 'status-app-secret';

/**
 * What Meta reports after accepting a message reaches the deliveries: the peer (test/peers/whatsapp-statuses.ts)
 * sends the signed status webhooks of Meta's reference, for people the test marks. Expected states come
 * from those marks, not from the engine's tables.
 */
for (const engine of engines()) {
  describe(`WhatsApp status webhooks (${engine})`, () => {
    let server: TestServer;
    let whatsapp: WhatsAppApi;
    let api: ReturnType<typeof client>;
    let masjid: string;
    const people = Array.from({ length: 12 }, () => newSubscriber({ channel: 'whatsapp', topic_events: 0 }));
    const notOnWhatsApp = people.slice(0, 4);
    const readers = people.slice(4, 7);
    const deliveredOnly = people.slice(7);
    const ids = (rows: NewSubscriberRow[]) => rows.map((p) => p.id).sort();

    const approve = async (name: string): Promise<string> => {
      const res = await api.post<Reply>(JANAZA_PATHS.notices, {
        provider: masjid,
        name,
        age: 70,
        postal: '198833',
        address: 'Blk 1 Jalan Sultan',
        dueDate: '2030-05-01T14:30:00+08:00',
        status: 'approved',
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const id = res.body.data?._id ?? '';
      // Its outbox row: the deliveries of this notice are the ones of this outbox.
      return (
        await eventually(() =>
          server.app.db.selectFrom('outbox').select('id').where('item_id', '=', id).executeTakeFirst(),
        )
      ).id;
    };
    const deliveriesOf = (outboxId: string) =>
      server.app.db
        .selectFrom('deliveries')
        .select(['subscriber_id', 'state', 'receipt', 'error_code', 'last_error', 'provider_id', 'waiting'])
        .where('outbox_id', '=', outboxId)
        .execute();
    const whoIs = async (outboxId: string, check: (d: Awaited<ReturnType<typeof deliveriesOf>>[number]) => boolean) =>
      (await deliveriesOf(outboxId))
        .filter(check)
        .map((d) => d.subscriber_id)
        .sort();
    const activeIds = async () =>
      (await server.app.db.selectFrom('subscribers').select('id').where('active', '=', 1).execute())
        .map((r) => r.id)
        .sort();

    before(async () => {
      whatsapp = await startWhatsAppApi({
        token: TOKEN,
        phoneId: PHONE_ID,
        appSecret: APP_SECRET,
        templates: readmeTemplates(),
      });
      server = await startTestServer(
        engine,
        {
          WHATSAPP_TOKEN: TOKEN,
          WHATSAPP_PHONE_ID: PHONE_ID,
          WHATSAPP_API_URL: whatsapp.url,
          WHATSAPP_APP_SECRET: APP_SECRET,
        },
        { delivery: { pollMs: 50 } },
      );
      whatsapp.statuses.reportTo(`${server.url}${SIGNUP_API.whatsappWebhook}`);
      for (const p of notOnWhatsApp) whatsapp.statuses.mark(p.address, { status: 'failed', code: 131026 });
      for (const p of readers) whatsapp.statuses.mark(p.address, { status: 'read' });
      api = client(server.url, await staffJar(server, 'admin@status.example.sg', 'admin'));
      masjid = await insertMasjid(server.app.db);
      await server.app.db.insertInto('subscribers').values(people).execute();
    });
    after(async () => {
      await server?.stop();
      await whatsapp?.close();
    });

    let first = '';
    test('a janaza to 12: the 4 Meta reports failed (131026) end failed with their code, the rest carry delivered or read', async () => {
      first = await approve('Haji Ismail bin Osman');
      await deliveriesSettled(server.app.db);
      // Each delivery keeps the wamid the peer answered for its number.
      const wamids = new Map(whatsapp.sent.map((s) => [s.to.replace(/\D/g, ''), s.id]));
      for (const d of await deliveriesOf(first)) {
        const person = people.find((p) => p.id === d.subscriber_id);
        assert.equal(d.provider_id, wamids.get(person?.address.replace(/\D/g, '') ?? ''));
      }
      const answers = await whatsapp.statuses.report();
      assert.deepEqual([...new Set(answers)], [200]);
      assert.deepEqual(
        await eventually(async () => {
          const failed = await whoIs(first, (d) => d.state === 'failed' && d.error_code === 'whatsapp:131026');
          return failed.length === 4 ? failed : false;
        }),
        ids(notOnWhatsApp),
      );
      assert.deepEqual(await whoIs(first, (d) => d.receipt === 'read'), ids(readers));
      assert.deepEqual(await whoIs(first, (d) => d.state === 'sent' && d.receipt === 'delivered'), ids(deliveredOnly));
      const failed = (await deliveriesOf(first)).find((d) => d.state === 'failed');
      assert.match(failed?.last_error ?? '', /^131026 Message undeliverable/);
      // One 131026 may pass (an old app, terms not yet accepted): nobody is retired for it yet.
      assert.deepEqual(await activeIds(), ids(people));
    });

    test('statuses in reverse order and each twice change nothing wrongly; the second 131026 in a row retires the number', async () => {
      const second = await approve('Hajjah Aminah binte Ali');
      await deliveriesSettled(server.app.db);
      await whatsapp.statuses.report({ reversed: true, twice: true });
      await eventually(async () => (await whoIs(second, (d) => d.state === 'failed')).length === 4);
      assert.deepEqual(
        await whoIs(second, (d) => d.receipt === 'read'),
        ids(readers),
        'a late delivered never undoes read',
      );
      assert.deepEqual(await whoIs(second, (d) => d.state === 'sent' && d.receipt === 'delivered'), ids(deliveredOnly));
      assert.deepEqual(await whoIs(second, (d) => d.state === 'failed'), ids(notOnWhatsApp));
      assert.deepEqual(await activeIds(), ids([...readers, ...deliveredOnly]));
      // The first notice's receipts stand.
      assert.deepEqual(await whoIs(first, (d) => d.receipt === 'read'), ids(readers));
    });

    test('a bad signature is 401 and changes nothing; an unknown wamid is acknowledged and ignored; STOP still works', async () => {
      const reader = (await deliveriesOf(first)).find((d) => d.receipt === 'read');
      const failedStatus = (id: string | null | undefined) =>
        webhookNotification(PHONE_ID, {
          statuses: [
            {
              id,
              status: 'failed',
              timestamp: '1764300000',
              recipient_id: '6590000000',
              errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
            },
          ],
        });
      const url = `${server.url}${SIGNUP_API.whatsappWebhook}`;
      const forged = await whatsapp.postWebhook(url, failedStatus(reader?.provider_id), {
        signature: whatsapp.sign('{}'),
      });
      assert.equal(forged.status, 401);
      const unsigned = await whatsapp.postWebhook(url, failedStatus(reader?.provider_id), { signature: null });
      assert.equal(unsigned.status, 401);
      const after = (await deliveriesOf(first)).find((d) => d.subscriber_id === reader?.subscriber_id);
      assert.deepEqual([after?.state, after?.receipt, after?.error_code], ['sent', 'read', null]);

      assert.equal((await whatsapp.postWebhook(url, failedStatus('wamid.NOT-OURS'))).status, 200);
      assert.deepEqual(await whoIs(first, (d) => d.state === 'failed'), ids(notOnWhatsApp));

      const leaving = deliveredOnly[0] as NewSubscriberRow;
      const stop = await whatsapp.postWebhook(url, whatsapp.webhookMessage(leaving.address, 'STOP'));
      assert.equal(stop.status, 200);
      assert.equal(
        (await server.app.db.selectFrom('subscribers').select('active').where('id', '=', leaving.id).executeTakeFirst())
          ?.active,
        0,
      );
    });

    test('a template paused during a broadcast (132015): nobody fails or is retired, and once it is unpaused every reachable person gets the notice', async () => {
      const reachable = ids(
        await server.app.db.selectFrom('subscribers').selectAll().where('active', '=', 1).execute(),
      );
      whatsapp.pauseTemplate('ummahnotify_janaza');
      const third = await approve('Haji Yusof bin Abdullah');
      const pause = await eventually(() =>
        server.app.db.selectFrom('channel_pauses').selectAll().where('channel', '=', 'whatsapp').executeTakeFirst(),
      );
      assert.equal(pause.code, 'whatsapp:132015');
      assert.match(pause.reason, /Template is Paused/);
      const waiting = await eventually(async () => {
        const rows = await deliveriesOf(third);
        return rows.length === reachable.length && rows.every((d) => d.state === 'pending') ? rows : false;
      });
      assert.ok(waiting.some((d) => d.waiting === 'account'));
      assert.deepEqual(await activeIds(), reachable);

      whatsapp.unpauseTemplate('ummahnotify_janaza');
      // What staff's resume does (the pause's own first try is 15 s away).
      assert.equal(await resumeChannel(server.app.db, 'whatsapp'), true);
      await deliveriesSettled(server.app.db);
      assert.deepEqual(await whoIs(third, (d) => d.state === 'sent'), reachable);
      assert.equal(await server.app.db.selectFrom('channel_pauses').select('channel').executeTakeFirst(), undefined);
      await whatsapp.statuses.report();
    });

    test('a template paused after the send, reported by webhook (132015): the channel pauses and that delivery waits again, not failed', async () => {
      const person = readers[0] as NewSubscriberRow;
      whatsapp.statuses.mark(person.address, { status: 'failed', code: 132015 });
      const fourth = await approve('Hajjah Khadijah binte Omar');
      await deliveriesSettled(server.app.db);
      await whatsapp.statuses.report();
      const row = await eventually(async () => {
        const d = (await deliveriesOf(fourth)).find((r) => r.subscriber_id === person.id);
        return d?.state === 'pending' ? d : false;
      });
      assert.deepEqual([row.waiting, row.error_code, row.provider_id], ['account', 'whatsapp:132015', null]);
      const pause = await server.app.db.selectFrom('channel_pauses').selectAll().executeTakeFirst();
      assert.equal(pause?.code, 'whatsapp:132015');
      assert.equal((await whoIs(fourth, (d) => d.state === 'failed')).length, 0);

      whatsapp.statuses.mark(person.address, { status: 'read' });
      await resumeChannel(server.app.db, 'whatsapp');
      await deliveriesSettled(server.app.db);
      const resent = (await deliveriesOf(fourth)).find((r) => r.subscriber_id === person.id);
      assert.equal(resent?.state, 'sent');
      assert.equal(
        whatsapp.sent.filter((s) => s.to.replace(/\D/g, '') === person.address.replace(/\D/g, '')).length,
        5,
      );
    });

    test('131050 reported later (stopped marketing messages): events stop, janaza notices go on', async () => {
      const both = newSubscriber({ channel: 'whatsapp' });
      const janazaOnly = deliveredOnly[1] as NewSubscriberRow;
      await server.app.db.insertInto('subscribers').values(both).execute();
      for (const p of [both, janazaOnly]) whatsapp.statuses.mark(p.address, { status: 'failed', code: 131050 });
      const fifth = await approve('Haji Rahman bin Salleh');
      await deliveriesSettled(server.app.db);
      await whatsapp.statuses.report();
      await eventually(async () => (await whoIs(fifth, (d) => d.error_code === 'whatsapp:131050')).length === 2);
      const rows = await server.app.db
        .selectFrom('subscribers')
        .select(['id', 'active', 'topic_janaza', 'topic_events'])
        .where('id', 'in', [both.id, janazaOnly.id])
        .execute();
      const of = (id: string) => rows.find((r) => r.id === id);
      assert.deepEqual(
        [of(both.id)?.active, of(both.id)?.topic_janaza, of(both.id)?.topic_events].map(Number),
        [1, 1, 0],
      );
      // On janaza notices alone: nothing to stop, they keep them.
      assert.deepEqual(
        [of(janazaOnly.id)?.active, of(janazaOnly.id)?.topic_janaza, of(janazaOnly.id)?.topic_events].map(Number),
        [1, 1, 0],
      );
    });
  });
}
