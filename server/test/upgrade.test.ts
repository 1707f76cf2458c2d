import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../src/db/connect';
import { migrateToLatest, migratorFor } from '../src/db/migrate';
import { FIXTURE_ROWS, type FixtureValue, RELEASE } from './fixtures/upgrade/rows';
import { migrations } from './support/contractions';
import { connectTo, engines, freshDatabase, migratedDatabase, type TestDatabase } from './support/databases';

/**
 * An earlier release's database upgrades with every row intact (docs/decisions/2026-11-29-expand-then-contract.md).
 * The database RELEASE's migrations made, with FIXTURE_ROWS in it, is a committed dump per engine
 * (test/fixtures/upgrade/, made by make.ts); it is loaded as it is, the current migrations run on it (every one
 * after RELEASE's, whatever the latest is), and then every fixture row must be there with the values rows.ts gives,
 * and the schema must be the one a fresh database migrates to.
 */

const fixture = (engine: 'sqlite' | 'postgres') =>
  readFileSync(join(import.meta.dirname, 'fixtures', 'upgrade', `release-${RELEASE}.${engine}.sql`), 'utf8');

/** How a fixture row is found again: its primary key. */
const KEYS: Record<string, string[]> = {
  deliveries: ['outbox_id', 'subscriber_id'],
  channel_pauses: ['channel'],
  delivery_pace: ['key'],
  signup_proofs: ['challenge_hash'],
  rate_limits: ['key'],
  instance_keys: ['name'],
  job_runs: ['name'],
  unsubscribe_legacy_tokens: ['legacy_token_hash'],
};
const keyOf = (table: string) => KEYS[table] ?? ['id'];

/**
 * Columns (table.column) and tables a later release removed on purpose: under the expand-then-contract rule, one
 * release after its code stopped using them, and named in the migration's "Contracts:" line (db/migration-rule.test.ts).
 * Their values are no longer looked for; any other fixture column or row that is gone fails the test.
 */
const CONTRACTED = new Set(migrations().flatMap((m) => m.contracts.map((c) => c.what)));

/** A value as the fixture wrote it: blobs as hex; PostgreSQL's bigint (read as text) as the number it holds. */
function same(actual: unknown, expected: FixtureValue): boolean {
  if (Buffer.isBuffer(expected)) return Buffer.isBuffer(actual) && actual.equals(expected);
  if (typeof expected === 'number' && typeof actual === 'string') return Number(actual) === expected;
  return actual === expected;
}

async function load(database: TestDatabase): Promise<void> {
  const text = fixture(database.engine);
  if (database.engine === 'sqlite') {
    const file = new SQLite(join(database.dataDir, 'test.sqlite'));
    file.exec(text);
    file.close();
    return;
  }
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Tables, columns, indexes, triggers (and PostgreSQL's trigger functions) by name and kind. */
async function shape(db: Db, engine: 'sqlite' | 'postgres'): Promise<unknown> {
  const tables = (await db.introspection.getTables())
    .map((t) => ({
      name: t.name,
      columns: t.columns
        .map(
          (c) =>
            `${c.name} ${c.dataType.toLowerCase()}${c.isNullable ? '' : ' not null'}${c.hasDefaultValue ? ' default' : ''}`,
        )
        .sort(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const objects =
    engine === 'sqlite'
      ? (
          await sql<{ o: string }>`select type || ' ' || name || ' on ' || tbl_name as o from sqlite_master
            where type in ('index', 'trigger') and name not like 'sqlite_autoindex%'`.execute(db)
        ).rows
      : (
          await sql<{
            o: string;
          }>`select 'index ' || indexname || ' on ' || tablename as o from pg_indexes where schemaname = 'public'
            union all select distinct 'trigger ' || trigger_name || ' on ' || event_object_table from information_schema.triggers
              where trigger_schema = 'public'
            union all select 'function ' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = 'public'`.execute(db)
        ).rows;
  return { tables, objects: objects.map((r) => r.o).sort() };
}

for (const engine of engines()) {
  describe(`a database made by release ${RELEASE} upgrades to the current schema with every row intact (${engine})`, () => {
    let database: TestDatabase;
    let db: Db;
    const fresh = migratedDatabase(engine);
    before(async () => {
      database = await freshDatabase(engine);
      await load(database);
      db = connectTo(database);
    });
    after(async () => {
      await db?.destroy();
      await database?.drop();
    });

    test('the fixture holds the rows rows.ts lists and stops at its release (not yet upgraded)', async () => {
      const text = fixture(engine);
      for (const [table, rows] of Object.entries(FIXTURE_ROWS)) {
        const inserts = text.match(new RegExp(`^INSERT INTO (public\\.)?"?${table}"? VALUES`, 'gm')) ?? [];
        assert.equal(inserts.length, rows.length, `${table}: rows in the dump (left), in rows.ts (right)`);
      }
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      const names = applied.rows.map((r) => r.name);
      assert.equal(names.at(-1), '2026-11-28-140-withdrawn-notices');
      const pending = (await migratorFor(db).getMigrations()).filter((m) => m.executedAt === undefined);
      assert.ok(pending.length > 0, 'the current release has migrations the fixture has not run');
    });

    test('the current migrations run on it, every one of them', async () => {
      await migrateToLatest(db);
      const migrations = await migratorFor(db).getMigrations();
      assert.deepEqual(
        migrations.filter((m) => m.executedAt === undefined).map((m) => m.name),
        [],
      );
    });

    test('every fixture row is there, with the values it had', async () => {
      const differences: string[] = [];
      for (const [table, rows] of Object.entries(FIXTURE_ROWS)) {
        if (CONTRACTED.has(table)) continue;
        const { rows: count } = await sql<{
          n: number | string;
        }>`select count(*) as n from ${sql.table(table)}`.execute(db);
        if (Number(count[0]?.n) !== rows.length)
          differences.push(`${table}: ${count[0]?.n} rows, the fixture has ${rows.length}`);
        for (const row of rows) {
          const key = keyOf(table);
          // biome-ignore lint/suspicious/noExplicitAny: tables named by the fixture, columns of the earlier release
          let query = (db as any).selectFrom(table).selectAll();
          for (const column of key) query = query.where(column, '=', row[column]);
          const found = (await query.execute()) as Record<string, unknown>[];
          const name = `${table} ${key.map((k) => row[k]).join('/')}`;
          if (found.length !== 1) {
            differences.push(`${name}: ${found.length} rows found`);
            continue;
          }
          for (const [column, value] of Object.entries(row)) {
            if (CONTRACTED.has(`${table}.${column}`)) continue;
            if (!(column in (found[0] as object))) differences.push(`${name}: column ${column} is gone`);
            else if (!same(found[0]?.[column], value))
              differences.push(`${name}: ${column} is ${String(found[0]?.[column])}, was ${String(value)}`);
          }
        }
      }
      assert.deepEqual(differences, []);
    });

    test('the upgraded schema is the one a fresh database migrates to', async () => {
      assert.deepEqual(await shape(db, engine), await shape(fresh.db, engine));
    });
  });
}
