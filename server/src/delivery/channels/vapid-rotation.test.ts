import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { engines, freshDatabase } from '../../../test/support/databases';
import { freePort } from '../../../test/support/server';
import { eventually } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import { loadConfig } from '../../config';
import { connect, type Db } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { sharedKeys } from '../../secrets';
import { settleVapidKeys, VapidKeysChanged } from './vapid-rotation';

/** A P-256 pair made here (not by the code under test), as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY take it. */
function pair(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    // 32 bytes: getPrivateKey() drops leading zero bytes
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url'),
  };
}

const keptPublicKey = async (db: Db) => {
  const row = await db
    .selectFrom('instance_keys')
    .select('value')
    .where('name', '=', 'vapid-keys.json')
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as { publicKey: string }).publicKey : undefined;
};

const activeOf = async (db: Db, id: string) =>
  (
    await db
      .selectFrom('subscribers')
      .select(['active', 'deactivated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).active;

/** The real program (src/main.ts), demo mode, on `dataDir`'s SQLite database. */
function run(dataDir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', GOOGLE_CLIENT_ID: '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    listening: () =>
      eventually(async () => {
        if (child.exitCode !== null) throw new Error(`exited early: ${stderr}`);
        return stdout.includes('(demo mode) at'); // "UmmahNotify <version> (demo mode) at <url>"
      }),
  };
}

describe('VAPID keys in the environment other than the ones in use (the real program)', () => {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'un-vapid-'));
  after(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('refused with one line saying what a rotation costs; VAPID_ROTATE=true replaces them and retires every push subscription', async () => {
    // The database as a server without VAPID keys in its environment left it: a generated pair in use, one browser
    // subscribed with it.
    const db = connect({ kind: 'sqlite', file: join(dataDir, 'ummahnotify.sqlite') });
    const inUse = pair();
    const subscriber = newSubscriber({ channel: 'webpush' });
    try {
      await migrateToLatest(db);
      await db
        .insertInto('instance_keys')
        .values({
          name: 'vapid-keys.json',
          value: JSON.stringify({ publicKey: inUse.VAPID_PUBLIC_KEY, privateKey: inUse.VAPID_PRIVATE_KEY }),
          created_at: new Date().toISOString(),
        })
        .execute();
      await db.insertInto('subscribers').values(subscriber).execute();
    } finally {
      await db.destroy();
    }

    const configured = pair();
    const refused = run(dataDir, { PORT: String(await freePort()), ...configured });
    children.push(refused.child);
    assert.equal(await refused.exited, 1);
    const lines = refused.stderr().trim().split('\n');
    assert.equal(lines.length, 1, refused.stderr());
    assert.match(
      lines[0],
      /^UmmahNotify could not start: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not the VAPID keys in use: .*all 1 web push subscription\(s\) would stop receiving notices and their subscribers would have to sign up again.*VAPID_ROTATE=true/,
    );
    assert.ok(!refused.stderr().includes(configured.VAPID_PRIVATE_KEY), 'the private key is never printed');

    const check = connect({ kind: 'sqlite', file: join(dataDir, 'ummahnotify.sqlite') });
    try {
      assert.equal(await keptPublicKey(check), inUse.VAPID_PUBLIC_KEY, 'nothing changed');
      assert.equal(await activeOf(check, subscriber.id), 1);
    } finally {
      await check.destroy();
    }

    const port = await freePort();
    const rotated = run(dataDir, { PORT: String(port), ...configured, VAPID_ROTATE: 'true' });
    children.push(rotated.child);
    await rotated.listening();
    assert.match(
      rotated.stdout(),
      /VAPID keys rotated: .*; 1 web push subscription\(s\) retired.*Remove VAPID_ROTATE now/,
    );
    const options = (await (await fetch(`http://127.0.0.1:${port}${SIGNUP_API.options}`)).json()) as {
      webpush: { publicKey: string };
    };
    assert.equal(options.webpush.publicKey, configured.VAPID_PUBLIC_KEY, 'browsers subscribe with the new key');
    rotated.child.kill('SIGTERM');
    assert.equal(await rotated.exited, 0);

    const after = connect({ kind: 'sqlite', file: join(dataDir, 'ummahnotify.sqlite') });
    try {
      assert.equal(await keptPublicKey(after), configured.VAPID_PUBLIC_KEY, 'the configured pair is the one in use');
      const retired = await after
        .selectFrom('subscribers')
        .select(['active', 'deactivated_at'])
        .where('id', '=', subscriber.id)
        .executeTakeFirstOrThrow();
      assert.equal(retired.active, 0);
      assert.ok(retired.deactivated_at);
      const audit = await after
        .selectFrom('audit_log')
        .select(['actor_id', 'after'])
        .where('action', '=', 'webpush.keys-rotated')
        .execute();
      assert.equal(audit.length, 1);
      assert.equal(audit[0].actor_id, null);
      assert.equal(JSON.parse(audit[0].after ?? '{}').retiredSubscriptions, 1);
    } finally {
      await after.destroy();
    }

    // The same keys again, VAPID_ROTATE removed: they are the ones in use, the server starts.
    const again = run(dataDir, { PORT: String(await freePort()), ...configured });
    children.push(again.child);
    await again.listening();
    assert.ok(!again.stdout().includes('VAPID keys rotated'));
    again.child.kill('SIGTERM');
    assert.equal(await again.exited, 0);
  });
});

for (const engine of engines()) {
  describe(`settleVapidKeys (${engine})`, () => {
    const settle = async (env: Record<string, string>, prepare?: (db: Db) => Promise<void>) => {
      const database = await freshDatabase(engine);
      const db = connect(loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' }).database);
      await migrateToLatest(db);
      await prepare?.(db);
      const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', ...env });
      const cleanup = async () => {
        await db.destroy();
        await database.drop();
      };
      try {
        const notes = await settleVapidKeys(db, config, sharedKeys(db, database.dataDir));
        return { notes, db, cleanup };
      } catch (error) {
        await cleanup();
        throw error;
      }
    };

    test('a configured pair with none in use yet becomes the one in use, and is then the same: no note', async () => {
      const configured = pair();
      const { notes, db, cleanup } = await settle(configured);
      try {
        assert.deepEqual(notes, []);
        assert.equal(await keptPublicKey(db), configured.VAPID_PUBLIC_KEY);
        assert.deepEqual(await settleVapidKeys(db, loadConfig(configured), sharedKeys(db, '/nonexistent')), []);
      } finally {
        await cleanup();
      }
    });

    test('another pair with no push subscription (a demo one does not count) replaces the kept one without VAPID_ROTATE', async () => {
      const inUse = pair();
      const configured = pair();
      const demo = newSubscriber({ channel: 'webpush', demo: 1 });
      const { notes, db, cleanup } = await settle(configured, async (db) => {
        await settleVapidKeys(db, loadConfig(inUse), sharedKeys(db, '/nonexistent'));
        await db.insertInto('subscribers').values(demo).execute();
      });
      try {
        assert.equal(notes.length, 1);
        assert.match(notes[0], /^VAPID keys rotated: .*; 0 web push subscription\(s\) retired/);
        assert.equal(await keptPublicKey(db), configured.VAPID_PUBLIC_KEY);
        assert.equal(await activeOf(db, demo.id), 1, "the demo seed's people are left as they are");
      } finally {
        await cleanup();
      }
    });

    test('another pair with a push subscription: VapidKeysChanged, nothing written', async () => {
      const inUse = pair();
      const person = newSubscriber({ channel: 'webpush' });
      let kept: string | undefined;
      await assert.rejects(
        settle(pair(), async (db) => {
          await settleVapidKeys(db, loadConfig(inUse), sharedKeys(db, '/nonexistent'));
          await db.insertInto('subscribers').values(person).execute();
          kept = await keptPublicKey(db);
        }),
        (e: unknown) => e instanceof VapidKeysChanged && /all 1 web push subscription/.test(e.message),
      );
      assert.equal(kept, inUse.VAPID_PUBLIC_KEY);
    });

    test('VAPID_ROTATE=true with nothing to rotate says to remove it; a half-set pair is left to the channel', async () => {
      const configured = pair();
      const same = await settle({ ...configured, VAPID_ROTATE: 'true' });
      try {
        assert.match(same.notes.join('\n'), /already the ones in use, nothing rotated; remove VAPID_ROTATE/);
      } finally {
        await same.cleanup();
      }
      const half = await settle({ VAPID_PUBLIC_KEY: configured.VAPID_PUBLIC_KEY });
      try {
        assert.deepEqual(half.notes, []);
        assert.equal(await keptPublicKey(half.db), undefined, 'nothing kept for a pair that is not there');
      } finally {
        await half.cleanup();
      }
    });
  });
}
