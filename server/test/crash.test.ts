import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { changeStatus, findNotice } from '../src/features/janaza/store';
import { type PushService, startPushService } from './peers/push-service';
import { engines, freshDatabase, type TestDatabase } from './support/databases';
import { freePort } from './support/server';
import { eventually, insertMasjid } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

const SUBSCRIBERS = 5_000;
const CONCURRENCY = 8;
const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The real server in its own process (demo mode: no issuer needed), so it can be SIGKILLed. */
async function startServerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await eventually(async () => {
    const res = await fetch(`${env.PUBLIC_URL}/healthz`).catch(() => null);
    return res?.ok;
  });
  return child;
}

async function approveNewNotice(db: Db): Promise<string> {
  const provider = await insertMasjid(db);
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('janaza_notices')
    .values({
      id,
      provider_id: provider,
      provider_name: 'Masjid Sultan',
      provider_contact: '62934405',
      name: 'Crash Test',
      age: 70,
      postal: '198833',
      gender: 'male',
      is_privacy: 0,
      due_date: '2030-05-01T06:30:00.000Z',
      note: '',
      address: 'Masjid Sultan',
      image_id: null,
      status: 'pending',
      status_changed_at: null,
      user_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // The same path as 'Notify Now!': the status change and its outbox row in one transaction.
  await db.transaction().execute(async (trx) => {
    const notice = await findNotice(trx, id);
    assert.ok(notice);
    await changeStatus(trx, notice, 'approved', new Date().toISOString());
  });
  return id;
}

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
      const first = await startServerProcess(env);
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
      const noticeId = await approveNewNotice(db);

      await push.waitFor(SUBSCRIBERS / 5);
      first.kill('SIGKILL');
      await once(first, 'exit');
      const atKill = push.stats.accepted;
      assert.ok(atKill < SUBSCRIBERS, `the kill came mid-broadcast (${atKill} of ${SUBSCRIBERS} sent)`);

      children.push(await startServerProcess(env));
      const unsent = async () =>
        Number(
          (
            await db
              .selectFrom('deliveries')
              .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
              .select((eb) => eb.fn.countAll().as('n'))
              // this broadcast's deliveries only: the demo seed's sample history includes failed ones
              .where('outbox.item_id', '=', noticeId)
              .where('deliveries.state', '!=', 'sent')
              .executeTakeFirstOrThrow()
          ).n,
        );
      await eventually(async () => (await unsent()) === 0);

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
