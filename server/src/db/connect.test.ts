import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { engines, freshDatabase } from '../../test/support/databases';
import { connect } from './connect';

describe('a PostgreSQL connection the server drops', { skip: !engines().includes('postgres') }, () => {
  test('does not end the process, and the next query gets a new connection', async () => {
    const database = await freshDatabase('postgres');
    const db = connect({ kind: 'postgres', url: database.databaseUrl as string });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before.rows[0].pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      assert.notEqual(after.rows[0].pid, before.rows[0].pid);
      assert.deepEqual(uncaught, []);
    } finally {
      process.off('uncaughtException', onUncaught);
      await db.destroy();
      await database.drop();
    }
  });
});
