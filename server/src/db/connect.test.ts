import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { engines, freshDatabase } from '../../test/support/databases';
import { eventually } from '../../test/support/staff';
import { connect } from './connect';

describe('a PostgreSQL connection the server drops', {
  skip: !engines().includes('postgres') && 'needs PostgreSQL (TEST_DATABASE_URL)',
}, () => {
  test('does not end the process, and the next query gets a new connection', async () => {
    const database = await freshDatabase('postgres');
    const db = connect({ kind: 'postgres', url: database.databaseUrl as string });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    const warned: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warned.push(args.map(String).join(' '));
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before.rows[0].pid]);
      await admin.end();
      // The pool reports the dropped connection (where an unhandled 'error' would end the process).
      await eventually(async () => warned.some((w) => w.startsWith('PostgreSQL: an idle connection was closed')));
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      assert.notEqual(after.rows[0].pid, before.rows[0].pid);
      assert.deepEqual(uncaught, []);
    } finally {
      console.warn = warn;
      process.off('uncaughtException', onUncaught);
      await db.destroy();
      await database.drop();
    }
  });
});
