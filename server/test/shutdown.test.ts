import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { loadConfig } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { type PushService, startPushService } from './peers/push-service';
import { approveNewNotice, unsentOf } from './support/broadcast';
import { engines, freshDatabase, type TestDatabase } from './support/databases';
import { freePort } from './support/server';
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
      const signalledAt = Date.now();
      first.child.kill('SIGTERM');
      await first.logged('"msg":"shutting down"');
      // The server has stopped claiming: the sends in flight now get their answers and finish.
      const inFlight = push.stats.accepted;
      push.answerHeld();
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
        `SIGTERM with ${inFlight} sends in flight: closed in ${closedInMs} ms (exit seen ${exitedAfterMs} ms after the signal, answers held until "shutting down" was logged)`,
      );

      second.child.kill('SIGTERM');
      assert.deepEqual(await second.exited, { code: 0, signal: null });
    });
  });
}
