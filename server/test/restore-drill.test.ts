import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DELIVERY_API, JANAZA_PATHS, type WaitingSending } from '@ummahnotify/domain';
import { type PushService, startPushService } from './peers/push-service';
import { client } from './support/client';
import { engines, freshDatabase, type TestDatabase } from './support/databases';
import { startTestServer, type TestServer } from './support/server';
import { eventually, insertMasjid, staffJar } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const SUBSCRIBERS = 200;
const SUPERADMIN = 'root@example.sg';

/** The operator's command (`npm run backup|restore -- <file>`), with the server's database settings. */
async function command(verb: 'backup' | 'restore', file: string, database: TestDatabase) {
  const env = { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', S3_URL: '' };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/ops/backup-command.ts', verb, file], {
      cwd: serverDir,
      env,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** The decrypted push's title (the push service decrypts every message here). */
const titleOf = (payload: unknown) => String((payload as { title?: unknown } | null)?.title ?? '');

for (const engine of engines()) {
  describe(`a restore drill: backed up mid-broadcast, restored on a fresh server (${engine})`, () => {
    let push: PushService;
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    let restored: TestDatabase | undefined;
    const dir = mkdtempSync(join(tmpdir(), 'un-backup-'));

    after(async () => {
      await second?.stop();
      await first?.stop().catch(() => {}); // its server closed mid-test already
      await restored?.drop();
      await push?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('the restored server sends nothing until a superadmin decides; each subscriber gets each notice once', async () => {
      push = await startPushService();
      first = await startTestServer(engine, {}, { delivery: { pollMs: 50 } });
      const subscriptions = Array.from({ length: SUBSCRIBERS }, () => push.subscribe());
      await first.app.db
        .insertInto('subscribers')
        .values(
          subscriptions.map((s) =>
            newSubscriber({
              channel: 'webpush',
              address: s.endpoint,
              push_keys: JSON.stringify(s.keys),
              language: 'en',
            }),
          ),
        )
        .execute();
      const masjid = await insertMasjid(first.app.db);
      const notice = (name: string) => ({
        provider: masjid,
        name,
        age: 70,
        postal: '198833',
        dueDate: '2030-06-01T14:30:00+08:00',
        address: 'Blk 1 Jalan Sultan',
        status: 'approved',
      });

      // The push service stops taking messages once a tenth have gone (429, as for a sender over its rate): the
      // backup is then taken mid-broadcast whatever the machine's speed.
      const caught = push.waitFor(SUBSCRIBERS / 10).then(() => push.respondWith('all', 429, { 'retry-after': '1' }));
      const api = client(first.url, await staffJar(first, SUPERADMIN, 'superadmin'));
      const created = await api.post<{ data: { id: string } }>(JANAZA_PATHS.notices, notice('Haji Before bin Backup'));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      await caught;

      const file = join(dir, 'mid-broadcast.backup');
      const backup = await command('backup', file, first.database);
      assert.equal(backup.code, 0, backup.out);
      const again = await command('backup', file, first.database);
      assert.equal(again.code, 1, 'a backup never overwrites a file');
      assert.match(again.out, /already exists/);

      // The old server carries on and finishes its broadcast after the copy was taken.
      push.respondWith('all', null);
      const acceptedBy = () => {
        const counts = new Map<string, string[]>();
        for (const r of push.received)
          if (r.status === 201) counts.set(r.endpoint, [...(counts.get(r.endpoint) ?? []), titleOf(r.payload)]);
        return counts;
      };
      await eventually(async () => acceptedBy().size === SUBSCRIBERS);
      // The old server goes; its OpenID issuer stays, as Google does for the new one.
      await first.app.close();

      // Restored on a fresh server: delivery is switched off, and what the copy still had to send is listed.
      restored = await freshDatabase(engine);
      const restore = await command('restore', file, restored);
      assert.equal(restore.code, 0, restore.out);
      assert.match(restore.out, /Delivery is PAUSED: \d+ messages were waiting/);
      const twice = await command('restore', file, restored);
      assert.equal(twice.code, 1, 'a restore goes only into an empty database');
      assert.match(twice.out, /already exists|not empty/);

      const sentBefore = push.received.length;
      second = await startTestServer(
        engine,
        { OIDC_ISSUER: first.issuerUrl },
        { database: restored, delivery: { pollMs: 50 } },
      );
      const staff = client(second.url, await staffJar(second, SUPERADMIN, 'superadmin'));
      const waiting = await staff.get<{ data: { sendings: WaitingSending[] } }>(DELIVERY_API.waiting);
      assert.equal(waiting.status, 200, JSON.stringify(waiting.body));
      const [stale] = waiting.body.data.sendings;
      assert.equal(waiting.body.data.sendings.length, 1);
      assert.equal(stale.title, 'Haji Before bin Backup');
      assert.ok(stale.waiting > 0 && stale.waiting < SUBSCRIBERS, `${stale.waiting} waiting in the copy`);

      // Paused: the engine turns and sends nothing.
      const startedAt = Date.now();
      await eventually(async () => (second?.app.delivery.lastTurnAt() ?? 0) > startedAt);
      assert.equal(push.received.length, sentBefore, 'nothing is sent while delivery is paused');

      // The superadmin discards it: the old server sent it after the copy was taken.
      const discard = await staff.post<{ data: { discarded: number } }>(DELIVERY_API.discard, {
        kind: 'janaza',
        id: stale.id,
        number: stale.number,
      });
      assert.equal(discard.status, 200, JSON.stringify(discard.body));
      assert.equal(discard.body.data.discarded, stale.waiting);
      const audit = await second.app.db
        .selectFrom('audit_log')
        .select('after')
        .where('action', '=', 'delivery.discarded')
        .executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(String(audit.after)), { sending: 0, discarded: stale.waiting });

      const resumed = await staff.post(DELIVERY_API.resumeDelivery, { scope: 'all' });
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      const late = await staff.post(DELIVERY_API.discard, { kind: 'janaza', id: stale.id, number: stale.number });
      assert.equal(late.status, 409, 'nothing is discarded while delivery runs');
      const next = await staff.post<{ data: { id: string } }>(JANAZA_PATHS.notices, notice('Haji After bin Restore'));
      assert.equal(next.status, 201, JSON.stringify(next.body));
      const afterRestore = () =>
        push.received.filter((r) => r.status === 201 && titleOf(r.payload).includes('Haji After'));
      await eventually(async () => afterRestore().length >= SUBSCRIBERS);

      const byEndpoint = acceptedBy();
      assert.equal(byEndpoint.size, SUBSCRIBERS);
      for (const [endpoint, titles] of byEndpoint) {
        assert.equal(
          titles.filter((t) => t.includes('Haji Before bin Backup')).length,
          1,
          `${endpoint}: the first once`,
        );
        assert.equal(
          titles.filter((t) => t.includes('Haji After bin Restore')).length,
          1,
          `${endpoint}: the second once`,
        );
      }
    });
  });
}
