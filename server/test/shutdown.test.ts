import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { after, describe, test } from 'node:test';
import { loadConfig } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { type PushService, startPushService } from './peers/push-service';
import { startTelegramApi, type TelegramApi } from './peers/telegram-api';
import { approveNewNotice, unsentOf } from './support/broadcast';
import { connectAsServer, engines, freshDatabase, type TestDatabase } from './support/databases';
import { freePort, startTestServer, type TestServer } from './support/server';
import { startServerProcess } from './support/server-process';
import { eventually } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

const SUBSCRIBERS = 200;
const CONCURRENCY = 8;

/** What a clean stop's last log line says: how long closing took (main.ts). */
function shutdownMs(line: string): number {
  const { ms } = JSON.parse(line) as { ms: number };
  return ms;
}

for (const engine of engines()) {
  describe(`SIGTERM mid-broadcast (${engine})`, () => {
    let database: TestDatabase;
    let push: PushService;
    let db: Db;
    const children: ChildProcess[] = [];

    after(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await db?.destroy();
      await push?.close();
      await database?.drop();
    });

    test('the sends under way finish, the server exits 0, and the restart sends the rest: each once', async (t) => {
      database = await freshDatabase(engine);
      // A slow push service: it takes each push and keeps its answer back, so the server's sends stay in flight.
      push = await startPushService();
      const port = await freePort();
      const env = {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        WEBPUSH_CONCURRENCY: String(CONCURRENCY),
      };
      const first = await startServerProcess(env);
      children.push(first.child);
      db = connect(loadConfig(env).database);

      const rows = Array.from({ length: SUBSCRIBERS }, () => {
        const s = push.subscribe();
        return newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys) });
      });
      await db.insertInto('subscribers').values(rows).execute();
      push.holdAnswers();
      const noticeId = await approveNewNotice(db, 'Shutdown Test');

      // Mid-broadcast: as many sends in flight as the channel runs at once, each waiting for the push service.
      await eventually(async () => push.heldAnswers === CONCURRENCY);
      // And a request in flight (its body still coming): the server waits for it before it closes.
      const request = createConnection(port, '127.0.0.1');
      request.on('error', () => {});
      await once(request, 'connect');
      request.write(
        'POST /api/public/signup/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      await first.logged('"url":"/api/public/signup/email"');
      const signalledAt = Date.now();
      first.child.kill('SIGTERM');
      await first.logged('"msg":"shutting down"');
      // The server has stopped claiming: the sends in flight now get their answers and finish, and free their
      // places, which a server still claiming (waiting for the request) would fill with new sends.
      const inFlight = push.stats.accepted;
      push.answerHeld();
      await eventually(async () => (await unsentOf(db, noticeId)) <= SUBSCRIBERS - inFlight);
      request.destroy();
      const { code, signal } = await first.exited;
      const exitedAfterMs = Date.now() - signalledAt;
      assert.deepEqual({ code, signal }, { code: 0, signal: null }, first.stderr());
      assert.equal(first.stderr(), '', 'a clean stop writes nothing on stderr');
      const closedInMs = shutdownMs(await first.logged('"msg":"shut down"'));

      // Nothing was claimed after the signal, and what was in flight was recorded as sent, its lease released.
      assert.equal(push.stats.accepted, inFlight, 'no send began after SIGTERM');
      const leftSending = await db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('state', '=', 'sending')
        .executeTakeFirstOrThrow();
      assert.equal(Number(leftSending.n), 0, 'no delivery is left leased to the stopped server');
      assert.equal(await unsentOf(db, noticeId), SUBSCRIBERS - inFlight, 'the sends in flight were recorded as sent');

      // The restart sends the rest at once (no lease to wait for), and every subscriber has the message once.
      const second = await startServerProcess(env);
      children.push(second.child);
      await eventually(async () => (await unsentOf(db, noticeId)) === 0);
      const perSubscriber = new Map<string, number>();
      for (const send of push.pace.sends) perSubscriber.set(send.to, (perSubscriber.get(send.to) ?? 0) + 1);
      const subscriberIds = rows.map((r) => r.address.slice(r.address.lastIndexOf('/') + 1));
      assert.deepEqual(
        subscriberIds.filter((id) => perSubscriber.get(id) !== 1),
        [],
        'every subscriber got the message exactly once',
      );
      assert.equal(push.stats.accepted, SUBSCRIBERS);
      assert.equal(push.stats.decryptFailures, 0);
      t.diagnostic(
        `SIGTERM with ${inFlight} sends and a request in flight: closed in ${closedInMs} ms (exit seen ${exitedAfterMs} ms after the signal; the answers and the request's end held until the test let them go)`,
      );

      second.child.kill('SIGTERM');
      assert.deepEqual(await second.exited, { code: 0, signal: null });
    });
  });
}

/**
 * The stop's other half, in process: what a paced channel has claimed and given a later slot is not sent once the
 * engine stops; it goes back to pending at once (its lease released, its attempt uncounted) for the next start.
 */
for (const engine of engines()) {
  describe(`a stop hands back what was claimed and not begun (${engine})`, () => {
    let server: TestServer | undefined;
    let telegram: TelegramApi;
    let db: Db | undefined;

    after(async () => {
      await db?.destroy();
      await server?.stop();
      await telegram?.close();
    });

    test('sent before the stop: recorded as sent; waiting for its slot: pending again, never sent', async (t) => {
      telegram = await startTelegramApi({ token: '5151:shutdown-test-token' });
      // The slowest pace start-up accepts, one message every 10 s: what is claimed after the first waits 10 s for its
      // slot, far longer than the stop takes (tens of ms), so it is still waiting when the engine stops.
      server = await startTestServer(
        engine,
        {
          TELEGRAM_BOT_TOKEN: telegram.token,
          TELEGRAM_API_URL: telegram.url,
          TELEGRAM_RATE: '0.1',
          DELIVERY_CONCURRENCY: String(CONCURRENCY),
        },
        { delivery: { pollMs: 50 } },
      );
      const people = Array.from({ length: 20 }, () => newSubscriber({ channel: 'telegram' }));
      await server.app.db.insertInto('subscribers').values(people).execute();
      const noticeId = await approveNewNotice(server.app.db, 'Stop Test');
      server.app.delivery.wake();
      // The first message went; the rest of the claimed batch waits for its slots, 10 s apart.
      await eventually(async () => telegram.pace.accepted >= 1);
      const stopping = Date.now();
      await server.app.close();
      const closedInMs = Date.now() - stopping;

      db = connectAsServer(server.database);
      const rows = await db
        .selectFrom('deliveries')
        .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
        .select(['deliveries.state', 'deliveries.claim', 'deliveries.attempts', 'deliveries.last_error'])
        .where('outbox.item_id', '=', noticeId)
        .execute();
      const sent = rows.filter((r) => r.state === 'sent');
      const handedBack = rows.filter((r) => r.last_error === 'the server stopped before sending it');
      assert.equal(sent.length, telegram.pace.accepted, 'what the peer took is recorded as sent, nothing else');
      assert.equal(rows.filter((r) => r.state === 'sending').length, 0, 'nothing left leased to the stopped engine');
      assert.ok(handedBack.length > 0, 'the claimed batch waiting for its slots was handed back');
      for (const r of handedBack) assert.deepEqual([r.state, r.claim, r.attempts], ['pending', null, 0]);
      assert.equal(sent.length + rows.filter((r) => r.state === 'pending').length, people.length, 'nothing lost');
      t.diagnostic(`closed in ${closedInMs} ms: ${sent.length} sent, ${handedBack.length} handed back`);
    });
  });
}
