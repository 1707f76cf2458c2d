import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ChannelsResponse, DELIVERY_API, JANAZA_PATHS } from '@ummahnotify/domain';
import type { NewSubscriberRow } from '../src/db/schema';
import { claimDue } from '../src/delivery/claim';
import { PAUSED_AT_START, pauseAllDelivery, switchOnIn } from '../src/delivery/switch';
import { type PushService, startPushService } from './peers/push-service';
import { startTelegramApi, type TelegramApi } from './peers/telegram-api';
import { client } from './support/client';
import { heldClock } from './support/clock';
import { engines, freshDatabase } from './support/databases';
import { startInstances } from './support/instances';
import { startTestServer, type TestServer } from './support/server';
import { signIn } from './support/sign-in';
import { eventually, insertMasjid, staffJar } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

const pushedTo = (push: PushService, name: string) =>
  push.received.filter((r) => r.status === 201 && (r.payload as { title?: string })?.title === `Janaza: ${name}`);

type Switched = { code?: number; message?: string; data?: { changed: boolean; switches: { scope: string }[] } };

/**
 * The delivery switch (docs/decisions/2026-11-29-delivery-switch.md): a superadmin switches delivery off, on every
 * channel or one, with a reason, and on again; nothing is claimed meanwhile, on any instance (claim.ts reads the
 * row in its own statement); a janaza's prayer time still expires what waits; DELIVERY_PAUSED=true switches it
 * off at every start. The peers are real: the local push service (web push) and the Telegram Bot API peer.
 */
for (const engine of engines()) {
  describe(`a superadmin switches delivery off and on (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let telegram: TelegramApi;
    let superadmin: ReturnType<typeof client>;
    let admin: ReturnType<typeof client>;
    let editor: ReturnType<typeof client>;
    let masjid: string;
    const clock = heldClock();
    const pushPeople: string[] = [];
    const telegramPeople: NewSubscriberRow[] = Array.from({ length: 3 }, () =>
      newSubscriber({ channel: 'telegram', topic_events: 0 }),
    );
    const db = () => server.app.db;

    const notice = async (name: string, dueDate = new Date(clock.now() + 3_600_000).toISOString()) => {
      const res = await admin.post<{ data?: { _id: string } }>(JANAZA_PATHS.notices, {
        provider: masjid,
        name,
        age: 70,
        postal: '198833',
        address: 'Masjid Sultan',
        dueDate,
        status: 'approved',
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data?._id as string;
    };
    /** The notice's deliveries by channel and state, once its outbox row is expanded. */
    const deliveriesOf = async (itemId: string) =>
      db()
        .selectFrom('deliveries')
        .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
        .select(['deliveries.channel', 'deliveries.state', 'deliveries.attempts'])
        .where('outbox.item_id', '=', itemId)
        .where('outbox.state', '=', 'expanded')
        .execute();
    const expanded = (itemId: string) =>
      eventually(async () => {
        const rows = await deliveriesOf(itemId);
        return rows.length === pushPeople.length + telegramPeople.length && rows;
      });
    const pushedTitles = (name: string) =>
      push.received.filter((r) => r.status === 201 && (r.payload as { title?: string })?.title === `Janaza: ${name}`);
    const telegramOf = (name: string) => telegram.sent.filter((s) => JSON.stringify(s).includes(name));
    const pause = (scope: string, reason: string, as = superadmin) =>
      as.post<Switched>(DELIVERY_API.pauseDelivery, { scope, reason });
    const resume = (scope: string, as = superadmin) => as.post<Switched>(DELIVERY_API.resumeDelivery, { scope });
    const auditRows = (action: string) =>
      db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').execute();
    const claimNow = async (channel: 'webpush' | 'telegram') =>
      claimDue(db(), channel, 10, {
        engine,
        config: {
          publicUrl: server.url,
          unsubscribeKey: 'a test key of the unsubscribe links',
          bounceKey: 'a test key of the bounce tags',
        },
        leaseMs: 60_000,
        now: clock.now,
      });

    before(async () => {
      push = await startPushService();
      telegram = await startTelegramApi({ token: '7373:switch-token' });
      server = await startTestServer(
        engine,
        { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_URL: telegram.url },
        { delivery: { pollMs: 50, now: clock.now } },
      );
      superadmin = client(server.url, await staffJar(server, 'root@switch.example.sg', 'superadmin'));
      admin = client(server.url, await staffJar(server, 'admin@switch.example.sg', 'admin'));
      editor = client(server.url, await staffJar(server, 'editor@switch.example.sg', 'editor'));
      masjid = await insertMasjid(db());
      for (let i = 0; i < 3; i++) {
        const s = push.subscribe();
        pushPeople.push(s.endpoint);
        await db()
          .insertInto('subscribers')
          .values(
            newSubscriber({
              channel: 'webpush',
              address: s.endpoint,
              push_keys: JSON.stringify(s.keys),
              topic_events: 0,
            }),
          )
          .execute();
      }
      await db().insertInto('subscribers').values(telegramPeople).execute();
    });
    after(async () => {
      await server?.stop();
      await push?.close();
      await telegram?.close();
    });

    test('only a superadmin may switch: admin and editor 403, signed out 401; bad input 400; nothing written', async () => {
      for (const as of [admin, editor]) {
        assert.equal((await pause('all', 'maintenance', as)).status, 403);
        assert.equal((await resume('all', as)).status, 403);
      }
      assert.equal(
        (await client(server.url).post(DELIVERY_API.pauseDelivery, { scope: 'all', reason: 'x' })).status,
        401,
      );
      const bad: [unknown, RegExp][] = [
        [{ scope: 'all' }, /Reason/],
        [{ scope: 'all', reason: '   ' }, /Reason is required/],
        [{ scope: 'all', reason: 'x'.repeat(301) }, /at most 300/],
        [{ scope: 'sms', reason: 'maintenance' }, /Scope must be one of all, webpush/],
        [{ reason: 'maintenance' }, /Scope/],
        [{ scope: 'all', reason: 42 }, /Reason must be text/],
      ];
      for (const [body, message] of bad) {
        const res = await superadmin.post<{ message?: string }>(DELIVERY_API.pauseDelivery, body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(res.body.message ?? '', message, JSON.stringify(res.body));
      }
      const badResume = await superadmin.post<{ message?: string }>(DELIVERY_API.resumeDelivery, { scope: 'sms' });
      assert.equal(badResume.status, 400);
      assert.equal((await db().selectFrom('delivery_switch').selectAll().execute()).length, 0);
      assert.equal((await auditRows('delivery.paused')).length, 0);
    });

    test('all paused: a janaza waits, nothing is claimed or sent; resumed, everyone gets it once', async () => {
      const paused = await pause('all', '  database maintenance  ');
      assert.equal(paused.status, 200, JSON.stringify(paused.body));
      const root = await db()
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('email', '=', 'root@switch.example.sg')
        .executeTakeFirstOrThrow();
      const [stored] = await db().selectFrom('delivery_switch').selectAll().execute();
      assert.deepEqual(paused.body.data, {
        changed: true,
        switches: [
          {
            scope: 'all',
            reason: 'database maintenance',
            by: `${root.first_name} ${root.last_name}`.trim(),
            since: stored.since,
          },
        ],
      });
      const [row] = await auditRows('delivery.paused');
      assert.equal(row.entity_id, 'all');
      assert.deepEqual(JSON.parse(row.after ?? ''), { scope: 'all', reason: 'database maintenance' });
      // Pausing again changes nothing: the first reason stays.
      const again = await pause('all', 'another reason');
      assert.equal(again.body.data?.changed, false);
      assert.equal((await auditRows('delivery.paused')).length, 1);

      const id = await notice('Haji Ismail bin Osman');
      const rows = await expanded(id);
      assert.ok(rows.every((r) => r.state === 'pending' && Number(r.attempts) === 0));
      // What any instance's worker would claim: nothing, on either channel.
      assert.deepEqual(await claimNow('webpush'), []);
      assert.deepEqual(await claimNow('telegram'), []);
      assert.equal(pushedTitles('Haji Ismail bin Osman').length, 0);
      assert.equal(telegramOf('Haji Ismail bin Osman').length, 0);
      const channels = await superadmin.get<ChannelsResponse>(DELIVERY_API.channels);
      assert.deepEqual(
        channels.body.switches?.map((s) => [s.scope, s.reason]),
        [['all', 'database maintenance']],
      );

      const resumed = await resume('all');
      assert.equal(resumed.status, 200);
      assert.deepEqual(resumed.body.data, { changed: true, switches: [] });
      const [resumeRow] = await auditRows('delivery.resumed');
      assert.equal(resumeRow.entity_id, 'all');
      assert.equal(JSON.parse(resumeRow.before ?? '').reason, 'database maintenance');
      await eventually(async () => (await deliveriesOf(id)).every((r) => r.state === 'sent'));
      assert.deepEqual(
        pushedTitles('Haji Ismail bin Osman')
          .map((r) => r.endpoint)
          .sort(),
        [...pushPeople].sort(),
      );
      assert.equal(telegramOf('Haji Ismail bin Osman').length, telegramPeople.length);
      assert.equal((await resume('all')).body.data?.changed, false, 'resuming what is on changes nothing');
    });

    test('one channel paused: the others still deliver; Telegram waits until resumed', async () => {
      assert.equal((await pause('telegram', 'bot token being rotated')).status, 200);
      const id = await notice('Aminah binti Salleh');
      // Web push goes while Telegram is off: its pump polls all the while and claims nothing.
      await eventually(async () => {
        const rows = await deliveriesOf(id);
        return rows.filter((r) => r.channel === 'webpush' && r.state === 'sent').length === pushPeople.length;
      });
      assert.equal(pushedTitles('Aminah binti Salleh').length, pushPeople.length);
      const waiting = (await deliveriesOf(id)).filter((r) => r.channel === 'telegram');
      assert.deepEqual(
        waiting.map((r) => r.state),
        telegramPeople.map(() => 'pending'),
      );
      assert.equal(telegramOf('Aminah binti Salleh').length, 0);

      assert.equal((await resume('telegram')).status, 200);
      // The engine's clock is held: moved on a second a look, so Telegram's pace slots (one a second a chat) come.
      await eventually(async () => {
        clock.advance(1_000);
        return (await deliveriesOf(id)).every((r) => r.state === 'sent');
      });
      assert.equal(telegramOf('Aminah binti Salleh').length, telegramPeople.length);
    });

    test('a janaza past its prayer time while paused expires, and is not sent on resume', async () => {
      assert.equal((await pause('all', 'restore from backup')).status, 200);
      const dueAt = clock.now() + 60_000;
      const id = await notice('Rahmah binti Yusof', new Date(dueAt).toISOString());
      await expanded(id);
      clock.advance(61_000);
      // The expiry sweep keeps running while delivery is off.
      await eventually(async () => (await deliveriesOf(id)).every((r) => r.state === 'expired'));
      assert.equal((await resume('all')).status, 200);
      // A later notice reaches everyone: whatever the resume set going has reached the peers by then.
      const later = await notice('Kassim bin Daud');
      await eventually(async () => {
        clock.advance(1_000); // Telegram's pace slots come on the held clock (as above)
        return (await deliveriesOf(later)).every((r) => r.state === 'sent');
      });
      assert.equal(pushedTitles('Rahmah binti Yusof').length, 0);
      assert.equal(telegramOf('Rahmah binti Yusof').length, 0);
      assert.ok((await deliveriesOf(id)).every((r) => r.state === 'expired'));
    });
  });

  describe(`DELIVERY_PAUSED=true switches delivery off at every start (${engine})`, () => {
    test('at start: off with "DELIVERY_PAUSED at start" and an activity row; resumed, a restart switches it off again', async () => {
      const database = await freshDatabase(engine);
      try {
        let server = await startTestServer(engine, { DELIVERY_PAUSED: 'true' }, { database });
        const switches = () => server.app.db.selectFrom('delivery_switch').selectAll().execute();
        const audits = () =>
          server.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'delivery.paused').execute();
        assert.deepEqual(
          (await switches()).map((s) => [s.scope, s.reason, s.paused_by]),
          [['all', PAUSED_AT_START, null]],
        );
        assert.equal((await audits()).length, 1);
        assert.equal((await audits())[0].actor_id, null);
        const root = client(server.url, await staffJar(server, 'root@restart.example.sg', 'superadmin'));
        const channels = await root.get<ChannelsResponse>(DELIVERY_API.channels);
        assert.deepEqual(channels.body.switches, [
          { scope: 'all', reason: PAUSED_AT_START, by: null, since: (await switches())[0].since },
        ]);
        // A restore's call on a database already off: nothing changes, the first reason stays.
        assert.equal(await pauseAllDelivery(server.app.db, 'restored from a backup', null), false);
        assert.equal((await root.post<Switched>(DELIVERY_API.resumeDelivery, { scope: 'all' })).status, 200);
        assert.equal((await switches()).length, 0);
        await server.stop();

        server = await startTestServer(engine, { DELIVERY_PAUSED: 'true' }, { database });
        assert.deepEqual(
          (await switches()).map((s) => s.reason),
          [PAUSED_AT_START],
        );
        assert.equal((await audits()).length, 2);
        await server.app.db.deleteFrom('delivery_switch').execute();
        await server.stop();

        server = await startTestServer(engine, {}, { database });
        assert.equal((await switches()).length, 0, 'without it, a start leaves delivery on');
        assert.equal(await pauseAllDelivery(server.app.db, 'restored from a backup', null), true);
        assert.deepEqual(
          (await switches()).map((s) => s.reason),
          ['restored from a backup'],
        );
        await server.stop();
      } finally {
        await database.drop();
      }
    });
  });
  describe(`the switch holds on every instance of one database (${engine})`, () => {
    test('paused through one instance, the other claims nothing; resumed in the database, it sends without being woken', async () => {
      const push = await startPushService();
      const instances = await startInstances(engine, 2);
      const [a, b] = instances.urls;
      try {
        const [appA, appB] = instances.apps;
        const db = appB.db;
        const endpoints: string[] = [];
        for (let i = 0; i < 3; i++) {
          const s = push.subscribe();
          endpoints.push(s.endpoint);
          await db
            .insertInto('subscribers')
            .values(newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys) }))
            .execute();
        }
        const { jar } = await signIn(a, { email: 'root@instances-switch.example.sg' });
        await db
          .updateTable('users')
          .set({ rights: 'superadmin' })
          .where('email', '=', 'root@instances-switch.example.sg')
          .execute();
        const paused = await client(a, jar).post<Switched>(DELIVERY_API.pauseDelivery, {
          scope: 'all',
          reason: 'restore',
        });
        assert.equal(paused.status, 200, JSON.stringify(paused.body));
        // Instance A's delivery engine stops: only B can send from now on, and nothing told B of the pause but the database.
        await appA.delivery.close();
        const masjid = await insertMasjid(db);
        // written through B, saying it comes from the shell's origin (PUBLIC_URL, instance A's), as a browser's would
        const res = await fetch(`${b}${JANAZA_PATHS.notices}`, {
          method: 'POST',
          headers: { cookie: jar.header(), origin: a, 'content-type': 'application/json' },
          body: JSON.stringify({
            provider: masjid,
            name: 'Haji Salleh bin Omar',
            age: 81,
            postal: '198833',
            address: 'Masjid Sultan',
            dueDate: new Date(Date.now() + 3_600_000).toISOString(),
            status: 'approved',
          }),
        });
        const created = { status: res.status, body: (await res.json()) as { data?: { _id: string } } };
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const id = created.body.data?._id as string;
        const rows = () =>
          db
            .selectFrom('deliveries')
            .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
            .select(['deliveries.state'])
            .where('outbox.item_id', '=', id)
            .execute();
        const waiting = await eventually(async () => {
          const r = await rows();
          return r.length === endpoints.length && r;
        });
        assert.ok(waiting.every((r) => r.state === 'pending'));
        assert.equal(pushedTo(push, 'Haji Salleh bin Omar').length, 0);

        // Resumed in the database (as instance A would have): B was never woken, and sends at its next poll.
        await db.transaction().execute((trx) => switchOnIn(trx, 'all'));
        await eventually(async () => (await rows()).every((r) => r.state === 'sent'));
        assert.deepEqual(
          pushedTo(push, 'Haji Salleh bin Omar')
            .map((r) => r.endpoint)
            .sort(),
          [...endpoints].sort(),
        );
      } finally {
        await instances.stop();
        await push.close();
      }
    });
  });
}
