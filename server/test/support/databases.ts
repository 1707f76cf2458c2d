import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import pg from 'pg';
import { connect, type Db } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';

export interface TestDatabase {
  engine: 'sqlite' | 'postgres';
  /** DATABASE_URL for the server under test (undefined: SQLite in dataDir). */
  databaseUrl: string | undefined;
  dataDir: string;
  drop: () => Promise<void>;
}

/** A fresh SQLite database, always; a fresh PostgreSQL database too when TEST_DATABASE_URL is set. */
export function engines(): ('sqlite' | 'postgres')[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export async function freshDatabase(engine: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'un-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { engine, databaseUrl: undefined, dataDir, drop: async () => removeDir() };

  const admin = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `un_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return {
    engine,
    databaseUrl: url.href,
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin.href });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      removeDir();
    },
  };
}

/** The test's own connection to a fresh database (SQLite: a file in its data directory). */
export function connectTo(database: TestDatabase): Db {
  return connect(
    database.databaseUrl
      ? { kind: 'postgres', url: database.databaseUrl }
      : { kind: 'sqlite', file: join(database.dataDir, 'test.sqlite') },
  );
}

/** A connection to the database a test server started on `database` uses (SQLite: the server's file in DATA_DIR). */
export function connectAsServer(database: TestDatabase): Db {
  return connect(
    database.databaseUrl
      ? { kind: 'postgres', url: database.databaseUrl }
      : { kind: 'sqlite', file: join(database.dataDir, 'ummahnotify.sqlite') },
  );
}

/**
 * A fresh database of the engine, migrated to the latest schema, for the describe block that calls it:
 * opened before its tests, closed and dropped after them. Read `.db` and `.database` inside the tests.
 */
export function migratedDatabase(engine: 'sqlite' | 'postgres'): { readonly db: Db; readonly database: TestDatabase } {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  before(async () => {
    database = await freshDatabase(engine);
    db = connectTo(database);
    await migrateToLatest(db);
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the database opens in before()');
    return value;
  };
  return {
    get db() {
      return opened(db);
    },
    get database() {
      return opened(database);
    },
  };
}
