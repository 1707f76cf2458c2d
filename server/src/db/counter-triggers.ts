import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Counters kept by the database itself (table summary_counts), so the summary reads a few dozen rows
 * however many millions it counts, and every writer (any section's code, a bulk load, psql) keeps them
 * right without knowing they exist. Used by migrations: a table's counting rules, once released, only
 * change through a later migration that drops and recreates its triggers.
 *
 * SQLite: row triggers (UPDATE OF the columns that matter). PostgreSQL: statement triggers over
 * transition tables, so a 1000-row insert moves each counter once, and an update that moves nothing
 * (a sign-in touching users.last_sign_in_at) writes nothing and takes no counter lock.
 */
export interface CountedTable {
  table: string;
  /**
   * SQL expressions over a row (named by `row`: NEW, OLD or an alias) giving the name of a counter the
   * row adds one to, or NULL for none. Names not in summary_counts are ignored.
   */
  keys: (row: string) => string[];
  /** Columns whose change can move a row between counters; none: updates never change the counts. */
  columns: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: used by migrations, which must not follow later schema types.
type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds the counters (at their true current values) and the triggers that keep them. */
export async function installCounters(
  db: AnyDb,
  counters: readonly string[],
  tables: readonly CountedTable[],
): Promise<void> {
  await db
    .insertInto('summary_counts')
    .values(counters.map((name) => ({ name, value: 0 })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  for (const t of tables) {
    for (const key of t.keys('r')) {
      const { rows } = await sql<{ name: string | null; n: number | string }>`
        SELECT ${sql.raw(key)} AS name, count(*) AS n FROM ${sql.table(t.table)} AS r GROUP BY 1`.execute(db);
      for (const { name, n } of rows) {
        if (name === null) continue;
        await db
          .updateTable('summary_counts')
          .set({ value: Number(n) })
          .where('name', '=', name)
          .execute();
      }
    }
    if (isPostgres(db)) await postgresTriggers(db, t);
    else await sqliteTriggers(db, t);
  }
}

export async function dropCounterTriggers(db: AnyDb, table: string): Promise<void> {
  if (isPostgres(db)) {
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`DROP TRIGGER IF EXISTS summary_count_${table}_${op} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS summary_count_${table}()`).execute(db);
  } else {
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`DROP TRIGGER IF EXISTS summary_count_${table}_${op}`).execute(db);
  }
}

async function sqliteTriggers(db: AnyDb, t: CountedTable): Promise<void> {
  const bump = (row: 'NEW' | 'OLD', by: '+ 1' | '- 1') =>
    `UPDATE summary_counts SET value = value ${by} WHERE name IN (${t.keys(row).join(', ')});`;
  const name = `summary_count_${t.table}`;
  await sql.raw(`CREATE TRIGGER ${name}_insert AFTER INSERT ON ${t.table} BEGIN ${bump('NEW', '+ 1')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${t.table} BEGIN ${bump('OLD', '- 1')} END`).execute(db);
  if (t.columns.length > 0) {
    await sql
      .raw(
        `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${t.columns.join(', ')} ON ${t.table} BEGIN ${bump('OLD', '- 1')} ${bump('NEW', '+ 1')} END`,
      )
      .execute(db);
  }
}

async function postgresTriggers(db: AnyDb, t: CountedTable): Promise<void> {
  const keysOf = (rows: 'new_rows' | 'old_rows', sign: 1 | -1) =>
    `SELECT v.k AS name, ${sign} AS n FROM ${rows} AS r CROSS JOIN LATERAL (VALUES ${t
      .keys('r')
      .map((k) => `((${k})::text)`)
      .join(', ')}) AS v(k)`;
  const apply = (deltas: string) => `
    UPDATE summary_counts AS c SET value = c.value + d.n
    FROM (SELECT name, sum(n) AS n FROM (${deltas}) AS x WHERE name IS NOT NULL GROUP BY name HAVING sum(n) <> 0) AS d
    WHERE c.name = d.name;`;
  const fn = `summary_count_${t.table}`;
  await sql
    .raw(`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${apply(keysOf('new_rows', 1))}
      ELSIF TG_OP = 'DELETE' THEN ${apply(keysOf('old_rows', -1))}
      ELSE ${apply(`${keysOf('old_rows', -1)} UNION ALL ${keysOf('new_rows', 1)}`)}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${fn}_insert AFTER INSERT ON ${t.table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${fn}_delete AFTER DELETE ON ${t.table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    )
    .execute(db);
  if (t.columns.length > 0) {
    await sql
      .raw(
        `CREATE TRIGGER ${fn}_update AFTER UPDATE ON ${t.table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      )
      .execute(db);
  }
}
