/**
 * bench/summary: the superadmin's summary with 1 000 000 subscribers, 100 000 janaza notices,
 * 10 000 events and 10 000 members, on SQLite and on PostgreSQL. Run by hand (see bench/README.md):
 *
 *   npx tsx bench/summary/run.mts [sqlite|postgres|both]
 *
 * PostgreSQL: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) is only used to
 * CREATE and DROP a database of the bench's own; nothing else there is touched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { SUBSCRIBERS_API, SUMMARY_API, type Summary } from '@ummahnotify/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { connect, type Db } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { readSummary } from '../../server/src/features/summary/counters';
import { countSummaryDirectly } from '../../server/src/features/summary/direct-count';
import { startTestIssuer } from '../../server/test/support/oidc-issuer';
import { freePort } from '../../server/test/support/server';
import { signIn } from '../../server/test/support/sign-in';
import { fill, SIZES } from './fill.mts';

type Engine = 'sqlite' | 'postgres';
const CALLS = 100;
const WARM_UP = 10;
const ROOT = 'root@bench.example.sg';

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Stats {
  median: number;
  p95: number;
  max: number;
}
function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length / 2;
  return {
    median: s.length % 2 ? s[Math.floor(mid)] : (s[mid - 1] + s[mid]) / 2,
    p95: s[Math.ceil(0.95 * s.length) - 1],
    max: s[s.length - 1],
  };
}
async function time(n: number, call: () => Promise<unknown>): Promise<Stats> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}
const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;

interface Database {
  url: string | undefined;
  dataDir: string;
  version: string;
  drop: () => Promise<void>;
}

async function createDatabase(engine: Engine): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), 'un-bench-summary-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    const version = (new SQLite(':memory:').prepare('select sqlite_version() as v').get() as { v: string }).v;
    return {
      url: undefined,
      dataDir,
      version: `SQLite ${version} (better-sqlite3, WAL)`,
      drop: async () => removeDir(),
    };
  }
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `un_bench_summary_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    dataDir,
    version: `PostgreSQL ${version}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      removeDir();
    },
  };
}

function dbFor(database: Database): Db {
  return connect(
    database.url
      ? { kind: 'postgres', url: database.url }
      : { kind: 'sqlite', file: join(database.dataDir, 'ummahnotify.sqlite') },
  );
}

const withoutTime = ({ updatedAt: _, ...rest }: Summary) => rest;

async function bench(engine: Engine) {
  const database = await createDatabase(engine);
  try {
    log(`${engine}: filling (${database.version})`);
    const db = dbFor(database);
    await migrateToLatest(db);
    const fillStart = performance.now();
    await fill(db, log);
    const fillSeconds = (performance.now() - fillStart) / 1000;
    await sql.raw(engine === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db);

    // The counters must be the truth at this size too, or the speed means nothing.
    const counted = await countSummaryDirectly(db);
    const kept = await readSummary(db);
    if (JSON.stringify(withoutTime(counted)) !== JSON.stringify(withoutTime(kept))) {
      throw new Error(`counters differ from the tables:\n${JSON.stringify(kept)}\n${JSON.stringify(counted)}`);
    }
    const directCount = await time(10, () => countSummaryDirectly(db));
    const counterQuery = await time(CALLS, () => readSummary(db));
    await db.destroy();

    const client = { id: 'bench', secret: 'bench' };
    const issuer = await startTestIssuer({ client });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = await buildApp(
      loadConfig({
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.url,
        OIDC_ISSUER: issuer.url,
        GOOGLE_CLIENT_ID: client.id,
        GOOGLE_CLIENT_SECRET: client.secret,
        VAPID_SUBJECT: 'mailto:notices@bench.example.sg',
        SUPERADMIN_EMAILS: ROOT,
      }),
      { logger: false },
    );
    await app.listen({ port, host: '127.0.0.1' });
    try {
      const { jar } = await signIn(url, { email: ROOT });
      const get = (path: string) => async () => {
        const res = await fetch(`${url}${path}`, { headers: { cookie: jar.header() } });
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        return res.json();
      };
      const summary = (await get(SUMMARY_API.summary)()) as { data: Summary[] };
      for (let i = 0; i < WARM_UP; i++) await get(SUMMARY_API.summary)();
      const http = await time(CALLS, get(SUMMARY_API.summary));
      const statsCall = await time(CALLS, get(SUBSCRIBERS_API.stats));
      const listFirst = await time(20, get(`${SUBSCRIBERS_API.list}?limit=100`));
      const listFiltered = await time(
        20,
        get(`${SUBSCRIBERS_API.list}?channel=telegram&topic=events&status=confirmed&limit=100`),
      );
      return {
        engine,
        version: database.version,
        fillSeconds,
        http,
        counterQuery,
        directCount,
        statsCall,
        listFirst,
        listFiltered,
        summary: summary.data[0],
      };
    } finally {
      await app.close();
      await issuer.stop();
    }
  } finally {
    await database.drop();
  }
}

const which = process.argv[2] ?? 'both';
const engines: Engine[] = which === 'both' ? ['sqlite', 'postgres'] : [which as Engine];
if (!engines.every((e) => e === 'sqlite' || e === 'postgres')) {
  log('usage: npx tsx bench/summary/run.mts [sqlite|postgres|both]');
  process.exit(2);
}

const results = [];
for (const engine of engines) results.push(await bench(engine));

const cpu = cpus();
console.log(
  `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${process.platform}`,
);
console.log(
  `Data: ${SIZES.subscribers.toLocaleString('en')} subscribers, ${SIZES.notices.toLocaleString('en')} janaza notices, ${SIZES.events.toLocaleString('en')} events, ${SIZES.members.toLocaleString('en')} members\n`,
);
console.log(
  '| engine | GET summary over HTTP, median | p95 | max | counters query alone, median / p95 | the same counts with COUNT(*), median / p95 | fill time |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.version} | ${ms(r.http.median)} | ${ms(r.http.p95)} | ${ms(r.http.max)} | ${ms(r.counterQuery.median)} / ${ms(r.counterQuery.p95)} | ${ms(r.directCount.median)} / ${ms(r.directCount.p95)} | ${r.fillSeconds.toFixed(0)} s |`,
  );
}
console.log(
  '\n| engine | GET stats, median / p95 | GET list first page (100), median / p95 | GET list telegram+events+confirmed (100), median / p95 |',
);
console.log('|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.version} | ${ms(r.statsCall.median)} / ${ms(r.statsCall.p95)} | ${ms(r.listFirst.median)} / ${ms(r.listFirst.p95)} | ${ms(r.listFiltered.median)} / ${ms(r.listFiltered.p95)} |`,
  );
}
console.log(`\nSummary answered (${results[0].engine}):\n${JSON.stringify(results[0].summary)}`);
const failed = results.filter((r) => r.http.p95 >= 50);
if (failed.length) {
  console.log(`\nTarget missed (p95 < 50 ms): ${failed.map((r) => r.engine).join(', ')}`);
  process.exitCode = 1;
}
