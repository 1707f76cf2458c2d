import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { engines, freshDatabase, type TestDatabase } from '../test/support/databases';
import { connect, type Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { KEY_PURPOSES, type KeyPurpose, purposeKey, sessionSecret, sharedKeys } from './secrets';

for (const engine of engines()) {
  describe(`keys shared by every instance (${engine})`, () => {
    const opened: { database: TestDatabase; dbs: Db[] }[] = [];
    /** One database, and `count` connections to it as separate instances would hold. */
    async function instances(count: number): Promise<{ dbs: Db[]; database: TestDatabase }> {
      const database = await freshDatabase(engine);
      const url = database.databaseUrl;
      const dbs = Array.from({ length: count }, () =>
        connect(url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(database.dataDir, 'shared.sqlite') }),
      );
      await migrateToLatest(dbs[0]);
      opened.push({ database, dbs });
      return { dbs, database };
    }
    after(async () => {
      for (const { database, dbs } of opened) {
        await Promise.all(dbs.map((db) => db.destroy()));
        await database.drop();
      }
    });

    test('instances asking at the same moment all get the one key the first insert stored', async () => {
      const { dbs, database } = await instances(3);
      let made = 0;
      const make = () => `key-${++made}-${Math.random()}`;
      const got = await Promise.all(dbs.map((db, i) => sharedKeys(db, join(database.dataDir, `i${i}`))('k', make)));
      assert.equal(new Set(got).size, 1, `three instances, one key: ${got.join(', ')}`);
      const rows = await dbs[0].selectFrom('instance_keys').selectAll().where('name', '=', 'k').execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0].value, got[0]);
      assert.equal(await sharedKeys(dbs[1], database.dataDir)('k', () => 'a new one'), got[0], 'later starts keep it');
    });

    test("a running deployment's key in DATA_DIR is imported, not replaced", async () => {
      const { dbs, database } = await instances(2);
      writeFileSync(join(database.dataDir, 'session-secret'), 'an-existing-secret-of-more-than-32-characters\n');
      const first = await sessionSecret(undefined, sharedKeys(dbs[0], database.dataDir));
      assert.equal(first, 'an-existing-secret-of-more-than-32-characters');
      const other = await sessionSecret(undefined, sharedKeys(dbs[1], join(database.dataDir, 'empty')));
      assert.equal(other, first, 'an instance with an empty DATA_DIR gets the same secret');
    });

    test('SESSION_SECRET from the environment wins and stores nothing', async () => {
      const { dbs, database } = await instances(1);
      const configured = 'c'.repeat(40);
      assert.equal(await sessionSecret(configured, sharedKeys(dbs[0], database.dataDir)), configured);
      assert.equal((await dbs[0].selectFrom('instance_keys').selectAll().execute()).length, 0);
    });
  });
}

describe('one key per purpose', () => {
  test('each is HKDF-SHA-256 of its root with its own label, as WebCrypto derives it; no two alike', async () => {
    const root = 'a-root-secret-of-more-than-32-characters';
    // The labels, written here: changing one changes every key of its purpose (every cookie, every link).
    const labels: Record<KeyPurpose, string> = {
      sessionCookies: 'ummahnotify/session-cookies/v1',
      unsubscribeLinks: 'ummahnotify/unsubscribe-links/v1',
      bounceTags: 'ummahnotify/bounce-tags/v1',
    };
    assert.deepEqual(Object.keys(KEY_PURPOSES).sort(), Object.keys(labels).sort());
    const text = new TextEncoder();
    const material = await crypto.subtle.importKey('raw', text.encode(root), 'HKDF', false, ['deriveBits']);
    const derived = new Set<string>();
    for (const [purpose, label] of Object.entries(labels) as [KeyPurpose, string][]) {
      const expected = await crypto.subtle.deriveBits(
        { name: 'HKDF', hash: 'SHA-256', salt: text.encode('ummahnotify'), info: text.encode(label) },
        material,
        256,
      );
      const key = purposeKey(root, purpose);
      assert.equal(key.toString('hex'), Buffer.from(expected).toString('hex'), purpose);
      derived.add(key.toString('hex'));
    }
    assert.equal(derived.size, 3);
    assert.notEqual(
      purposeKey('another-root-secret-of-32-characters', 'sessionCookies').toString('hex'),
      [...derived][0],
    );
  });
});
