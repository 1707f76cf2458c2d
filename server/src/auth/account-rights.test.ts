import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { engines } from '../../test/support/databases';
import { startTestServer, type TestServer } from '../../test/support/server';
import { eventually } from '../../test/support/staff';
import type { Db } from '../db/connect';
import { moveGrant } from './account-rights';

/** Whether a statement of this database is waiting for a row lock (PostgreSQL). */
async function waitingOnALock(db: Db): Promise<boolean> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return rows[0].waiting > 0;
}

for (const engine of engines()) {
  describe(`committee account rights under concurrency (${engine})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine);
      const now = new Date().toISOString();
      for (const email of ['duo.a@example.sg', 'duo.b@example.sg']) {
        await server.app.db
          .insertInto('users')
          .values({
            id: randomUUID(),
            oidc_sub: null,
            email,
            first_name: 'Duo',
            last_name: '',
            rights: 'superadmin',
            activated: 1,
            created_at: now,
            updated_at: now,
            last_sign_in_at: null,
          })
          .execute();
      }
    });
    after(async () => server.stop());

    test('two superadmins demoted by overlapping transactions: the second waits, sees the first, and is refused', async () => {
      const db = server.app.db;
      let firstChecked!: () => void;
      const firstHasChecked = new Promise<void>((resolve) => {
        firstChecked = resolve;
      });
      let releaseFirst!: () => void;
      const firstReleased = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      const first = db.transaction().execute(async (trx) => {
        await moveGrant(
          trx,
          { email: 'duo.a@example.sg', rights: 'superadmin' },
          { email: 'duo.a@example.sg', rights: 'admin' },
          'test',
        );
        firstChecked();
        // Hold the transaction open until the second one is waiting for it.
        await firstReleased;
      });
      await firstHasChecked;
      let secondSettled = false;
      const second = db
        .transaction()
        .execute((trx) =>
          moveGrant(
            trx,
            { email: 'duo.b@example.sg', rights: 'superadmin' },
            { email: 'duo.b@example.sg', rights: 'admin' },
            'test',
          ),
        )
        .finally(() => {
          secondSettled = true;
        });
      // PostgreSQL: the second waits on the first's row locks (or, were there none, has already ended).
      // SQLite runs one transaction at a time: the second cannot begin before the first ends.
      if (engine === 'postgres') await eventually(async () => secondSettled || (await waitingOnALock(db)));
      releaseFirst();
      const [a, b] = await Promise.allSettled([first, second]);
      assert.equal(a.status, 'fulfilled');
      assert.equal(b.status, 'rejected');
      assert.match(String((b as PromiseRejectedResult).reason.message), /duo\.b@example\.sg is the last superadmin/);
      const left = await db.selectFrom('users').select('email').where('rights', '=', 'superadmin').execute();
      assert.deepEqual(left, [{ email: 'duo.b@example.sg' }]);
    });
  });
}
