import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config';
import { connect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { pauseAllDelivery } from '../delivery/switch';
import { backupKind, pgCommandEnv, tableCount, toolFailure } from './backup';

const run = promisify(execFile);

export interface RestoreReport {
  engine: 'sqlite' | 'postgres';
  /** Messages the copy still had to send (pending, or in flight when it was taken): held until staff decide. */
  waiting: number;
  reason: string;
}

/**
 * Puts a backup into an empty DATA_DIR or PostgreSQL database, brings its schema up to this release, and switches
 * delivery off (docs/decisions/2026-11-29-restore-starts-paused.md): what the copy still had to send may have
 * gone out from the old server after the copy was taken, so nothing leaves until a superadmin has looked and
 * resumed or discarded it. Messages that were in flight in the copy are pending again, so they are counted and
 * decided with the rest.
 */
export async function restoreDatabase(database: Config['database'], file: string): Promise<RestoreReport> {
  const kind = backupKind(file);
  if (kind !== database.kind) {
    throw new Error(
      `${file} is a ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup but DATABASE_URL names ${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: restore into the same engine`,
    );
  }
  if (database.kind === 'sqlite') {
    if (existsSync(database.file) && statSync(database.file).size > 0) {
      throw new Error(
        `${database.file} already exists: restore into an empty DATA_DIR (move the old database away first)`,
      );
    }
    mkdirSync(dirname(database.file), { recursive: true });
    copyFileSync(file, database.file);
  } else {
    const target = connect(database);
    try {
      if ((await tableCount(target, 'postgres')) > 0) {
        throw new Error('the database DATABASE_URL names is not empty: restore into a new, empty database');
      }
    } finally {
      await target.destroy();
    }
    const { dbname, env } = pgCommandEnv(database.url);
    try {
      await run(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
        { env },
      );
    } catch (error) {
      throw toolFailure('pg_restore', error);
    }
  }

  const db = connect(database);
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const reason = `Restored from ${basename(file)}: check what is waiting, then resume or discard it`;
    await pauseAllDelivery(db, reason, null);
    await db
      .updateTable('deliveries')
      .set({ state: 'pending', claim: null, locked_until: null, updated_at: now })
      .where('state', '=', 'sending')
      .execute();
    const waiting = await db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { engine: database.kind, waiting: Number(waiting.n), reason };
  } finally {
    await db.destroy();
  }
}
