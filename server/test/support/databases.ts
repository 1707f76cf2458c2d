import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connect, type Db } from '../../src/db/connect';

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
