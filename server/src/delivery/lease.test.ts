import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import { startTelegramApi, type TelegramApi } from '../../test/peers/telegram-api';
import { client } from '../../test/support/client';
import { connectTo, engines, freshDatabase } from '../../test/support/databases';
import { startTestServer, type TestServer } from '../../test/support/server';
import { eventually, insertMasjid, staffJar } from '../../test/support/staff';
import { newSubscriber } from '../../test/support/subscriber-rows';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import { claimDue, reclaimExpired } from './claim';
import { DEFAULT_RETRY, ResultWriter, retryDelay } from './results';

const HOUR_MS = 3_600_000;

describe('DELIVERY_LEASE_SECONDS', () => {
  // The channels give up after 15 s (30 s for email's socket), the worker after 30 s; README: at least 45.
  test('start-up refuses a lease shorter than the longest send plus queue time, in one line', () => {
    assert.throws(
      () => loadConfig({ DELIVERY_LEASE_SECONDS: '20' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /^Configuration error: DELIVERY_LEASE_SECONDS must be at least 45 seconds/.test(error.message) &&
        !error.message.includes('\n'),
    );
    assert.equal(loadConfig({ DELIVERY_LEASE_SECONDS: '45' }).deliveryLeaseSeconds, 45);
    assert.equal(loadConfig({}).deliveryLeaseSeconds, 60);
  });
});

describe('Retry-After', () => {
  test('a peer asking for a day is obeyed for at most one hour (README "Delivery")', () => {
    const delay = retryDelay(1, DEFAULT_RETRY, 24 * HOUR_MS);
    assert.equal(delay, HOUR_MS);
    assert.ok(retryDelay(1, DEFAULT_RETRY, 120_000) >= 120_000, 'a sane request is still obeyed');
    assert.ok(retryDelay(1, DEFAULT_RETRY, Number.NaN) <= 7_500, 'nonsense is ignored: the backoff alone');
  });
});

for (const engine of engines()) {
  describe(`delivery results are fenced (${engine})`, () => {
    test('the answer to an attempt whose lease was taken over is dropped; the newer attempt decides', async () => {
      const database = await freshDatabase(engine);
      const db = connectTo(database);
      try {
        await migrateToLatest(db);
        const subscriber = newSubscriber({ channel: 'telegram' });
        await db.insertInto('subscribers').values(subscriber).execute();
        const outboxId = randomUUID();
        const now = new Date().toISOString();
        await db
          .insertInto('outbox')
          .values({
            id: outboxId,
            kind: 'janaza',
            item_id: randomUUID(),
            number: 0,
            state: 'expanded',
            created_at: now,
          })
          .execute();
        await db
          .insertInto('deliveries')
          .values({
            outbox_id: outboxId,
            subscriber_id: subscriber.id,
            channel: 'telegram',
            state: 'pending',
            attempts: 0,
            next_attempt_at: now,
            updated_at: now,
          })
          .execute();
        const options = {
          engine,
          config: { publicUrl: 'http://localhost', unsubscribeKey: 'k', bounceKey: 'b' },
          leaseMs: 60_000,
        };
        const [first] = await claimDue(db, 'telegram', 10, options);
        assert.ok(first);
        // The reclaim job looks just after the lease ran out.
        await reclaimExpired(db, 'telegram', new Date(Date.now() + 60_001));
        const [second] = await claimDue(db, 'telegram', 10, options);
        assert.ok(second, 'the expired claim was taken over');
        assert.notEqual(second.claim, first.claim);

        const warnings: unknown[] = [];
        const writer = new ResultWriter(db, DEFAULT_RETRY, { warn: (...args: unknown[]) => warnings.push(args) });
        await writer.record(first, { ok: true });
        const row = () =>
          db.selectFrom('deliveries').selectAll().where('outbox_id', '=', outboxId).executeTakeFirstOrThrow();
        const afterLate = await row();
        assert.equal(afterLate.state, 'sending', 'the late "sent" did not overwrite the attempt in flight');
        assert.equal(afterLate.claim, second.claim);
        assert.equal(afterLate.attempts, 2);
        assert.equal(warnings.length, 1, 'the dropped result was logged');

        await writer.record(second, { ok: false, kind: 'permanent', error: 'chat not found' });
        assert.equal((await row()).state, 'failed');
        await writer.record(second, { ok: true });
        assert.equal((await row()).state, 'failed', 'a result is recorded once; state never goes backwards');
      } finally {
        await db.destroy();
        await database.drop();
      }
    });
  });

  describe(`a send slower than its lease (${engine})`, () => {
    const SLOW_MS = 2_500;
    const LEASE_MS = 1_000;
    const CONCURRENCY = 2;
    let server: TestServer;
    let telegram: TelegramApi;
    // One more than the senders: the third is sent while a free sender polls (and would take over an expired lease).
    const chats = ['800001', '800002', '800003'];

    before(async () => {
      telegram = await startTelegramApi({ token: '4343:lease-test-token' });
      server = await startTestServer(
        engine,
        {
          TELEGRAM_BOT_TOKEN: telegram.token,
          TELEGRAM_API_URL: telegram.url,
          DELIVERY_CONCURRENCY: String(CONCURRENCY),
        },
        // The lease is shortened below the send here on purpose (start-up would refuse it): the
        // renewal of leases in flight must keep a free sender from taking the slow sends over.
        { delivery: { pollMs: 50, leaseMs: LEASE_MS, sendDeadlineMs: 10_000 } },
      );
      await server.app.db
        .insertInto('subscribers')
        .values(chats.map((address) => newSubscriber({ channel: 'telegram', address })))
        .execute();
    });
    after(async () => {
      await server?.stop();
      await telegram?.close();
    });

    test('reaches each subscriber once, not twice, and claims no more than its free senders', async () => {
      telegram.answerSlowly(SLOW_MS);
      const api = client(server.url, await staffJar(server, 'admin@lease.example.sg', 'admin'));
      const res = await api.post(JANAZA_PATHS.notices, {
        provider: await insertMasjid(server.app.db),
        name: 'Haji Slow Send',
        age: 80,
        postal: '198833',
        dueDate: '2030-05-01T14:30:00+08:00',
        address: 'Blk 1 Jalan Sultan',
        status: 'approved',
      });
      assert.equal(res.status, 201);
      let mostSending = 0;
      // A send taken over needs a claim (attempts + 1) of a delivery not yet sent, and a sent one is never
      // claimed again: every delivery sent at its first attempt means no second send was started, nor will be.
      const rows = await eventually(async () => {
        const all = await server.app.db.selectFrom('deliveries').selectAll().execute();
        mostSending = Math.max(mostSending, all.filter((d) => d.state === 'sending').length);
        return all.length === chats.length && all.every((d) => d.state === 'sent') && all;
      });
      for (const chat of chats)
        assert.equal(telegram.sent.filter((m) => m.chat_id === chat).length, 1, `chat ${chat} got one message`);
      assert.deepEqual(
        rows.map((d) => d.attempts),
        [1, 1, 1],
      );
      assert.ok(mostSending <= CONCURRENCY, `${mostSending} claimed at once, ${CONCURRENCY} senders`);
    });
  });
}
