import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { connect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { backupDatabase } from './backup';
import { restoreDatabase } from './restore';

describe('backup and restore refuse what would lose or mix data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'un-backup-unit-'));
  const database = { kind: 'sqlite' as const, file: join(dir, 'data', 'ummahnotify.sqlite') };
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a file that is not a backup is refused before anything is written', async () => {
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a database at all\n');
    await assert.rejects(restoreDatabase(database, notes), /is not an UmmahNotify backup/);
  });

  test("an SQLite backup is not restored into PostgreSQL (each engine's own format)", async () => {
    const db = connect(database);
    await migrateToLatest(db);
    await db.destroy();
    const file = join(dir, 'one.backup');
    await backupDatabase(database, file);
    assert.equal(readFileSync(file).subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
    await assert.rejects(
      restoreDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }, file),
      /is a SQLite backup but DATABASE_URL names PostgreSQL/,
    );
  });

  test('with S3_URL the backup names the bucket objects its uploads use, and never the credentials', async () => {
    const db = connect(database);
    const at = new Date().toISOString();
    const row = { content_type: 'image/jpeg', bytes: 1, width: 1, height: 1, created_by: null, created_at: at };
    await db
      .insertInto('uploads')
      .values([
        { ...row, id: 'in-bucket', full_image: null, thumb_image: null },
        { ...row, id: 'in-database', full_image: Buffer.from([1]), thumb_image: Buffer.from([2]) },
      ])
      .execute();
    await db.destroy();
    const file = join(dir, 'with-bucket.backup');
    const report = await backupDatabase(database, file, 'https://KEYID:sekret-value@s3.example.sg/photos');
    assert.equal(report.objects?.count, 2);
    const list = readFileSync(`${file}.objects.txt`, 'utf8');
    assert.deepEqual(
      list.split('\n').filter((l) => l && !l.startsWith('#')),
      ['uploads/in-bucket.jpg', 'uploads/in-bucket.thumb.jpg'],
    );
    assert.ok(!list.includes('sekret-value') && !list.includes('KEYID'), list);
    assert.match(list, /s3\.example\.sg\/photos/);
  });
});
