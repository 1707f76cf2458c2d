import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { credentialsHidden } from '../url-credentials';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** The driver under a Db, for libraries that bring their own SQL (rate-limiter-flexible's stores, delivery/pace). */
export type RawClient = { kind: 'postgres'; pool: pg.Pool } | { kind: 'sqlite'; sqlite: SQLite.Database };
const rawClients = new WeakMap<Db, RawClient>();

export function rawClientOf(db: Db): RawClient {
  const raw = rawClients.get(db);
  if (!raw) throw new Error('rawClientOf: this Db was not made by connect()');
  return raw;
}

/**
 * PostgreSQL time-outs: a database that stops answering fails requests instead of hanging them.
 * - connect: a new connection, or a free one from the pool, within 5 s;
 * - statement (server side) 30 s, query (client side, for a network that swallows packets) 35 s:
 *   the longest statement is expanding a sending to every subscriber, well under that;
 * - idle in transaction 60 s: a transaction whose instance stalled gives its row locks back.
 */
export const PG_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 30_000,
  query_timeout: 35_000,
  idle_in_transaction_session_timeout: 60_000,
} as const;

/** SQLite (WAL, foreign keys on) by default; PostgreSQL when DATABASE_URL is postgres://. */
export function connect(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10, ...PG_TIMEOUTS });
    // An idle connection the server drops (PostgreSQL restarting, or closing while the pool ends) is an
    // 'error' on the pool; unhandled, it would end the process. The pool has already discarded that
    // connection and opens a new one when needed; queries in flight get their own error.
    pool.on('error', (error) =>
      console.warn(`PostgreSQL: an idle connection was closed (${credentialsHidden(error.message)})`),
    );
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    rawClients.set(db, { kind: 'postgres', pool });
    return db;
  }
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  rawClients.set(db, { kind: 'sqlite', sqlite });
  return db;
}
