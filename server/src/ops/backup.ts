import { execFile } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { type Config, environmentWith } from '../config';
import { connect, type Db } from '../db/connect';
import { uploadObjectKeys } from '../features/uploads/store';
import { credentialsHidden } from '../url-credentials';

const run = promisify(execFile);

/**
 * One consistent copy of the database while the server runs (docs/operations.md): SQLite's online backup API
 * (a snapshot of one moment, whatever is written meanwhile), or pg_dump's custom format (one transaction's
 * snapshot). With SQLite and no S3_URL that file is the whole product: notices, subscribers, photos and keys.
 * With S3_URL the photos are in the bucket: the object keys the database names are written beside it
 * (`<file>.objects.txt`), to copy with the bucket's own tools.
 */
export interface BackupReport {
  engine: 'sqlite' | 'postgres';
  file: string;
  bytes: number;
  /** The bucket objects this database refers to, when images are kept in one; undefined otherwise. */
  objects?: { listFile: string; count: number };
}

/** pg_dump and pg_restore read the password from the environment, so it never shows in the process list. */
export function pgCommandEnv(url: string): { dbname: string; env: Record<string, string | undefined> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.href, env: environmentWith(password ? { PGPASSWORD: password } : {}) };
}

/** What a failed pg_dump / pg_restore said, without credentials, in one line. */
export function toolFailure(tool: string, error: unknown): Error {
  const stderr = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
  return new Error(`${tool} failed: ${credentialsHidden(stderr.split('\n')[0] ?? '')}`);
}

export async function backupDatabase(
  database: Config['database'],
  file: string,
  s3Url?: string,
): Promise<BackupReport> {
  if (existsSync(file)) throw new Error(`${file} already exists: name a new file for the backup`);
  if (database.kind === 'sqlite') {
    if (!existsSync(database.file)) throw new Error(`no database at ${database.file}: check DATA_DIR or DATABASE_URL`);
    const source = new SQLite(database.file, { fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    const copy = new SQLite(file, { readonly: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy did not pass SQLite's check: ${String(check)}`);
    } finally {
      copy.close();
    }
  } else {
    const { dbname, env } = pgCommandEnv(database.url);
    try {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, dbname], { env });
    } catch (error) {
      throw toolFailure('pg_dump', error);
    }
  }
  const report: BackupReport = { engine: database.kind, file, bytes: statSync(file).size };
  if (s3Url) {
    const db = connect(database);
    try {
      const keys = await uploadObjectKeys(db);
      const listFile = `${file}.objects.txt`;
      writeFileSync(
        listFile,
        [
          `# Images of this backup, in ${credentialsHidden(s3Url)} (copy them with the bucket's own tools)`,
          ...keys,
          '',
        ].join('\n'),
      );
      report.objects = { listFile, count: keys.length };
    } finally {
      await db.destroy();
    }
  }
  return report;
}

/** Which engine a backup file is for, from its first bytes. */
export function backupKind(file: string): 'sqlite' | 'postgres' {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  throw new Error(`${file} is not an UmmahNotify backup (neither an SQLite database nor a pg_dump custom-format file)`);
}

/** Tables in the target: a restore goes only into an empty database. */
export async function tableCount(db: Db, kind: 'sqlite' | 'postgres'): Promise<number> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return kind === 'sqlite' ? tables.length : tables.filter((t) => t.schema === 'public').length;
}
