import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type ChannelsResponse, DELIVERY_API, type DeliveryStatusResponse } from '@ummahnotify/domain';
import { type PushService, startPushService } from '../../../test/peers/push-service';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { newJanazaRow } from '../../../test/support/janaza-rows';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { eventually, staffJar } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import type { NewSubscriberRow } from '../../db/schema';
import { pauseChannel } from '../../delivery/pauses';

type Refusal = { code: number; message: string };

/**
 * What staff see of a notice's messages and what a superadmin may do about them (docs/product/delivery.md#delivery-status):
 * the status answer's delivered / read counts and failure reasons, the channels' account pauses, "Retry failed"
 * and "Resume". Rows are written here as the channels and the webhooks would leave them; the retried and resumed
 * messages go to the local push service, a real web push peer.
 */
for (const engine of engines()) {
  describe(`staff see what happened to a notice's messages, and can act (${engine})`, () => {
    let server: TestServer;
    let push: PushService;
    let superadmin: ReturnType<typeof client>;
    let admin: ReturnType<typeof client>;
    let editor: ReturnType<typeof client>;

    const db = () => server.app.db;
    const subscriber = async (overrides: Partial<NewSubscriberRow>) => {
      const row = newSubscriber(overrides);
      await db().insertInto('subscribers').values(row).execute();
      return row;
    };
    /** A pushable web push subscriber: its endpoint is the peer's. */
    const pushSubscriber = async (active = 1) => {
      const s = push.subscribe();
      return subscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys), active });
    };
    /** An approved notice with its broadcast (and `corrections` more sendings) already expanded; its id and outbox ids. */
    const sentNotice = async (corrections = 0) => {
      const notice = newJanazaRow({ name: 'Haji Ismail bin Osman' });
      await db().insertInto('janaza_notices').values(notice).execute();
      const outboxIds: string[] = [];
      for (let number = 0; number <= corrections; number++) {
        const id = randomUUID();
        const at = new Date().toISOString();
        await db()
          .insertInto('outbox')
          .values({
            id,
            kind: 'janaza',
            item_id: notice.id,
            number,
            state: 'expanded',
            created_by: null,
            created_at: at,
            expanded_at: at,
          })
          .execute();
        outboxIds.push(id);
      }
      return { id: notice.id, outboxIds };
    };
    const delivery = async (
      outboxId: string,
      subscriberRow: NewSubscriberRow,
      fields: {
        state: string;
        receipt?: string | null;
        error_code?: string | null;
        last_error?: string | null;
        waiting?: string | null;
      },
    ) => {
      const at = new Date().toISOString();
      await db()
        .insertInto('deliveries')
        .values({
          outbox_id: outboxId,
          subscriber_id: subscriberRow.id,
          channel: subscriberRow.channel,
          attempts: fields.state === 'failed' ? 6 : 1,
          last_error: null,
          next_attempt_at: at,
          locked_until: null,
          claim: null,
          updated_at: at,
          waiting: null,
          provider_id: null,
          receipt: null,
          error_code: null,
          ...fields,
        })
        .execute();
    };
    const auditRows = (action: string) =>
      db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').execute();

    before(async () => {
      push = await startPushService();
      server = await startTestServer(engine, {}, { delivery: { pollMs: 50 } });
      superadmin = client(server.url, await staffJar(server, 'root@status.example.sg', 'superadmin'));
      admin = client(server.url, await staffJar(server, 'admin@status.example.sg', 'admin'));
      editor = client(server.url, await staffJar(server, 'editor@status.example.sg', 'editor'));
    });
    after(async () => {
      await server?.stop();
      await push?.close();
    });

    test('the status answer counts delivered and read where WhatsApp reported them, groups failures by code, and lists pauses', async () => {
      const { id, outboxIds } = await sentNotice();
      const [outbox] = outboxIds;
      const wa = async (fields: Parameters<typeof delivery>[2]) =>
        delivery(outbox, await subscriber({ channel: 'whatsapp' }), fields);
      // WhatsApp: 6 sent (3 with no report yet, 2 delivered, 1 read), 6 failed (4 not on WhatsApp, 1 opted out of
      // marketing, 1 with no code)
      for (let i = 0; i < 3; i++) await wa({ state: 'sent' });
      for (let i = 0; i < 2; i++) await wa({ state: 'sent', receipt: 'delivered' });
      await wa({ state: 'sent', receipt: 'read' });
      for (let i = 0; i < 4; i++) await wa({ state: 'failed', error_code: 'whatsapp:131026' });
      await wa({ state: 'failed', error_code: 'whatsapp:131050' });
      await wa({ state: 'failed', error_code: null, last_error: 'an older failure, before codes' });
      // Email: 2 sent, 1 mailbox that does not exist; web push: 1 sent.
      for (let i = 0; i < 2; i++) await delivery(outbox, await subscriber({ channel: 'email' }), { state: 'sent' });
      await delivery(outbox, await subscriber({ channel: 'email' }), { state: 'failed', error_code: 'smtp:5.1.1' });
      await delivery(outbox, await subscriber({ channel: 'webpush' }), { state: 'sent' });
      const paused = await pauseChannel(db(), 'whatsapp', 'whatsapp:132015', 'Template paused (132015)');

      const res = await editor.get<DeliveryStatusResponse>(`${DELIVERY_API.status}?kind=janaza&ids=${id}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const [sending] = res.body.items[id] ?? [];
      assert.deepEqual(sending?.channels.whatsapp, {
        sent: 6,
        failed: 6,
        pending: 0,
        expired: 0,
        delivered: 3,
        read: 1,
        reasons: [
          { code: 'whatsapp:131026', count: 4 },
          { code: 'whatsapp:131050', count: 1 },
          { code: null, count: 1 },
        ],
      });
      // Email and web push never report delivery or reading: no such counts, rather than a misleading 0.
      assert.deepEqual(sending?.channels.email, {
        sent: 2,
        failed: 1,
        pending: 0,
        expired: 0,
        reasons: [{ code: 'smtp:5.1.1', count: 1 }],
      });
      assert.deepEqual(sending?.channels.webpush, { sent: 1, failed: 0, pending: 0, expired: 0 });
      const pause = {
        channel: 'whatsapp',
        code: 'whatsapp:132015',
        reason: 'Template paused (132015)',
        since: paused.since,
        until: paused.until,
      };
      assert.deepEqual(res.body.pauses, [pause]);

      const channels = await editor.get<ChannelsResponse>(DELIVERY_API.channels);
      assert.equal(channels.status, 200);
      assert.deepEqual(channels.body.pauses, [pause]);
      await db().deleteFrom('channel_pauses').execute();
      assert.deepEqual((await editor.get<ChannelsResponse>(DELIVERY_API.channels)).body.pauses, []);
    });

    test('no "All by" time is told while the channel is paused for the account; it comes back with the resume', async () => {
      const { id, outboxIds } = await sentNotice();
      const [outbox] = outboxIds;
      for (let i = 0; i < 3; i++)
        await delivery(outbox, await subscriber({ channel: 'whatsapp' }), { state: 'pending', waiting: 'account' });
      await pauseChannel(db(), 'whatsapp', 'whatsapp:132015', 'Template paused (132015)');
      const progress = async () => {
        const res = await editor.get<DeliveryStatusResponse>(`${DELIVERY_API.status}?kind=janaza&ids=${id}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return res.body.items[id]?.[0]?.progress?.whatsapp;
      };
      // When the account is mended is nobody's guess: an end time would be a promise the engine cannot keep.
      assert.equal((await progress())?.allBy, null);
      await db().deleteFrom('channel_pauses').execute();
      assert.match((await progress())?.allBy ?? '', /^\d{4}-\d\d-\d\dT/);
    });

    test('retry: the failed messages of active subscribers go again, once; the retired stay failed; audited', async () => {
      const { id, outboxIds } = await sentNotice(1);
      const [broadcast, correction] = outboxIds;
      const failedA = await pushSubscriber();
      const failedB = await pushSubscriber();
      const retired = await pushSubscriber(0);
      const reached = await pushSubscriber();
      await delivery(broadcast, failedA, {
        state: 'failed',
        error_code: 'webpush:500',
        last_error: '500 from the service',
      });
      await delivery(broadcast, failedB, { state: 'failed', error_code: null, last_error: 'timed out' });
      await delivery(broadcast, retired, { state: 'failed', error_code: 'webpush:410', last_error: '410 Gone' });
      await delivery(broadcast, reached, { state: 'sent' });
      // A failure of the correction is another sending's: not retried with the broadcast.
      await delivery(correction, failedA, { state: 'failed', error_code: 'webpush:500', last_error: '500' });

      const res = await superadmin.post<{ code: number; data: { retried: number } }>(DELIVERY_API.retry, {
        kind: 'janaza',
        id,
        number: 0,
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, { code: 200, data: { retried: 2 } });

      // The worker is woken: the two reach the push service and are sent; nothing goes to the retired or the reached.
      const rows = () =>
        db()
          .selectFrom('deliveries')
          .select(['outbox_id', 'subscriber_id', 'state', 'error_code', 'last_error'])
          .where('outbox_id', 'in', outboxIds)
          .execute();
      await eventually(async () => {
        const all = await rows();
        const of = (s: NewSubscriberRow) => all.find((r) => r.outbox_id === broadcast && r.subscriber_id === s.id);
        return of(failedA)?.state === 'sent' && of(failedB)?.state === 'sent';
      });
      const endpoints = push.received.map((r) => r.endpoint);
      assert.equal(endpoints.filter((e) => e === failedA.address).length, 1);
      assert.equal(endpoints.filter((e) => e === failedB.address).length, 1);
      assert.ok(!endpoints.includes(retired.address), 'nothing to a retired subscriber');
      assert.ok(!endpoints.includes(reached.address), 'nothing again to one already reached');
      const all = await rows();
      const row = (outbox: string, s: NewSubscriberRow) =>
        all.find((r) => r.outbox_id === outbox && r.subscriber_id === s.id);
      assert.deepEqual(
        { ...row(broadcast, failedA) },
        { outbox_id: broadcast, subscriber_id: failedA.id, state: 'sent', error_code: null, last_error: null },
      );
      assert.equal(row(broadcast, retired)?.state, 'failed');
      assert.equal(row(broadcast, retired)?.error_code, 'webpush:410');
      assert.equal(row(correction, failedA)?.state, 'failed');

      const [entry] = await auditRows('delivery.retried');
      assert.equal(entry?.entity, 'janaza');
      assert.equal(entry?.entity_id, id);
      assert.deepEqual(JSON.parse(entry?.after ?? 'null'), { sending: 0, retried: 2 });

      // Again: nothing failed is left; answered 0, still audited (someone pressed it).
      const again = await superadmin.post<{ data: { retried: number } }>(DELIVERY_API.retry, {
        kind: 'janaza',
        id,
        number: 0,
      });
      assert.equal(again.body.data.retried, 0);
    });

    test('retry and resume: admin and editor are refused (403); bad input 400 and an unknown sending 404, nothing written', async () => {
      const { id, outboxIds } = await sentNotice();
      const s = await pushSubscriber();
      await delivery(outboxIds[0], s, { state: 'failed', error_code: 'webpush:500', last_error: '500' });
      const before = await db().selectFrom('audit_log').select('id').execute();

      for (const caller of [admin, editor]) {
        assert.equal((await caller.post(DELIVERY_API.retry, { kind: 'janaza', id, number: 0 })).status, 403);
        assert.equal((await caller.post(DELIVERY_API.resume('webpush'))).status, 403);
      }
      const bad: [unknown, RegExp][] = [
        [{ kind: 'news', id, number: 0 }, /Kind must be one of janaza, events/],
        [{ kind: 'janaza', number: 0 }, /Id is required/],
        [{ kind: 'janaza', id, number: -1 }, /Sending number must be a whole number from 0/],
        [{ kind: 'janaza', id, number: 1.5 }, /Sending number must be a whole number from 0/],
        [{ kind: 'janaza', id, number: '0' }, /Sending number must be a whole number from 0/],
      ];
      for (const [body, message] of bad) {
        const res = await superadmin.post<Refusal>(DELIVERY_API.retry, body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(res.body.message, message);
      }
      const unknownChannel = await superadmin.post<Refusal>(DELIVERY_API.resume('fax'));
      assert.equal(unknownChannel.status, 400);
      assert.match(unknownChannel.body.message, /Channel must be one of webpush, email, whatsapp, telegram/);
      for (const body of [
        { kind: 'janaza', id: randomUUID(), number: 0 },
        { kind: 'janaza', id, number: 1 },
        { kind: 'events', id, number: 0 },
      ]) {
        const res = await superadmin.post<Refusal>(DELIVERY_API.retry, body);
        assert.equal(res.status, 404, JSON.stringify(body));
        assert.equal(res.body.message, 'That sending does not exist (the item may have been deleted).');
      }

      const [row] = await db().selectFrom('deliveries').selectAll().where('outbox_id', '=', outboxIds[0]).execute();
      assert.equal(row?.state, 'failed');
      assert.equal(row?.error_code, 'webpush:500');
      assert.deepEqual(await db().selectFrom('audit_log').select('id').execute(), before);
    });

    test('resume: a paused channel ends its pause at once, its waiting messages go, audited; resuming again changes nothing', async () => {
      const { outboxIds } = await sentNotice();
      const s = await pushSubscriber();
      // Paused as the engine pauses a channel (pauses.ts), with its next try an hour away: only a resume sends it now.
      await pauseChannel(db(), 'webpush', 'webpush:401', 'the push service refused our VAPID key');
      const untilFar = new Date(Date.now() + 60 * 60_000).toISOString();
      await db().updateTable('channel_pauses').set({ until: untilFar }).where('channel', '=', 'webpush').execute();
      await delivery(outboxIds[0], s, { state: 'pending' });
      await db()
        .updateTable('deliveries')
        .set({ waiting: 'account', next_attempt_at: untilFar })
        .where('subscriber_id', '=', s.id)
        .execute();

      const res = await superadmin.post<{ code: number; data: { resumed: boolean } }>(DELIVERY_API.resume('webpush'));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, { code: 200, data: { resumed: true } });
      assert.deepEqual(await db().selectFrom('channel_pauses').selectAll().execute(), []);
      await eventually(async () => push.received.some((r) => r.endpoint === s.address));
      await eventually(async () => {
        const row = await db()
          .selectFrom('deliveries')
          .select('state')
          .where('subscriber_id', '=', s.id)
          .executeTakeFirst();
        return row?.state === 'sent';
      });
      const entries = await auditRows('channel.resumed');
      assert.equal(entries.length, 1);
      assert.equal(entries[0]?.entity_id, 'webpush');
      assert.equal(JSON.parse(entries[0]?.before ?? '{}').code, 'webpush:401');

      const again = await superadmin.post<{ data: { resumed: boolean } }>(DELIVERY_API.resume('webpush'));
      assert.equal(again.status, 200);
      assert.equal(again.body.data.resumed, false);
      assert.equal((await auditRows('channel.resumed')).length, 1);
    });
  });
}
