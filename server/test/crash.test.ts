import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
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

const SUBSCRIBERS = 5_000;
const CONCURRENCY = 8;
for (const engine of engines()) {
  describe(`a server killed mid-broadcast (${engine})`, () => {
    let database: TestDatabase;
    let push: PushService;
    let db: Db;
    const children: ChildProcess[] = [];

    after(async () => {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      await db?.destroy();
      await push?.close();
      await database?.drop();
    });

    test(`loses nothing and sends at most ${CONCURRENCY} twice`, async (t) => {
      database = await freshDatabase(engine);
      push = await startPushService({ decryptEvery: 50 });
      const port = await freePort();
      const env = {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        DELIVERY_CONCURRENCY: String(CONCURRENCY),
        WEBPUSH_CONCURRENCY: String(CONCURRENCY),
        DELIVERY_LEASE_SECONDS: '45',
      };
      const first = (await startServerProcess(env)).child;
      children.push(first);
      db = connect(loadConfig(env).database);

      const rows = Array.from({ length: SUBSCRIBERS }, () => {
        const s = push.subscribe();
        return newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys) });
      });
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('subscribers')
          .values(rows.slice(i, i + 500))
          .execute();
      const noticeId = await approveNewNotice(db, 'Crash Test');

      await push.waitFor(SUBSCRIBERS / 5);
      first.kill('SIGKILL');
      await once(first, 'exit');
      const atKill = push.stats.accepted;
      assert.ok(atKill < SUBSCRIBERS, `the kill came mid-broadcast (${atKill} of ${SUBSCRIBERS} sent)`);

      children.push((await startServerProcess(env)).child);
      await eventually(async () => (await unsentOf(db, noticeId)) === 0);

      const perEndpoint = new Map<string, number>();
      for (const r of push.received)
        if (r.status === 201) perEndpoint.set(r.endpoint, (perEndpoint.get(r.endpoint) ?? 0) + 1);
      const missing = rows.filter((r) => !perEndpoint.has(r.address)).length;
      const duplicates = [...perEndpoint.values()].reduce((n, c) => n + c - 1, 0);
      t.diagnostic(`killed after ${atKill} sends; ${push.stats.accepted} in all; ${duplicates} duplicates`);
      assert.equal(missing, 0, 'every subscriber got the message');
      assert.ok(duplicates <= CONCURRENCY, `${duplicates} duplicates, at most ${CONCURRENCY} allowed`);
      assert.equal(push.stats.decryptFailures, 0);
      assert.equal(push.stats.rejectedJwt, 0);
    });
  });
}
