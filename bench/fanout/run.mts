/**
 * bench/fanout: one approved janaza notice to 100 000 web push subscribers through the real engine
 * (outbox -> deliveries -> web push channel) against a push service in a child process on
 * 127.0.0.1 (HTTPS, checks every VAPID JWT, decrypts one message in 100); then, in the same run,
 * web-push's sendNotification in a plain loop over the same subscriptions as the baseline.
 *
 *   npm run bench:fanout                      # 100 000 subscribers, baseline over the first 5 000
 *   npx tsx bench/fanout/run.mts 20000 all    # [subscribers] [baseline sample | all]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { janazaCreateSchema } from '@ummahnotify/domain';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { loadConfig } from '../../server/src/config';
import { connect } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { startDelivery } from '../../server/src/delivery';
import { pushPayload } from '../../server/src/delivery/channels/webpush-payload';
import { renderJanaza } from '../../server/src/delivery/messages';
import { changeStatus, insertNotice } from '../../server/src/features/janaza/store';
import { seedProviders } from '../../server/src/features/providers/seed';
import { listProviders } from '../../server/src/features/providers/store';
import { newSubscriber } from '../../server/test/support/subscriber-rows';
import { rerunTrustingPushService, startPushServiceProcess } from './child.mts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;

/** The engine's log: errors and warnings to stderr, the rest dropped. */
function benchLogger(): FastifyBaseLogger {
  const noop = () => {};
  const say = (level: string) => (obj: unknown, msg?: string) =>
    log(`[engine ${level}] ${msg ?? ''} ${typeof obj === 'string' ? obj : JSON.stringify(obj)}`);
  const logger = {
    level: 'info',
    fatal: say('fatal'),
    error: say('error'),
    warn: say('warn'),
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

async function main() {
  const total = Number(process.argv[2] ?? 100_000);
  const sampleArg = process.argv[3] ?? '5000';
  const sample = sampleArg === 'all' ? total : Math.min(total, Number(sampleArg));
  const loadBefore = loadavg();
  const dataDir = mkdtempSync(join(tmpdir(), 'un-bench-fanout-'));
  // The engine and the baseline sign with the same VAPID keys (the server keeps generated ones in its database).
  const keys = webpush.generateVAPIDKeys();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    ...(process.env.WEBPUSH_CONCURRENCY ? { WEBPUSH_CONCURRENCY: process.env.WEBPUSH_CONCURRENCY } : {}),
  });
  const db = connect(config.database);
  await migrateToLatest(db);

  log(`push service (child process, decrypts 1 in 100) and ${total} subscriptions...`);
  const peer = await startPushServiceProcess(100);
  const subscriptions = await peer.subscribe(total);
  const now = new Date().toISOString();
  for (let i = 0; i < total; i += 500) {
    await db
      .insertInto('subscribers')
      .values(
        subscriptions.slice(i, i + 500).map((s, j) =>
          newSubscriber({
            channel: 'webpush',
            address: s.endpoint,
            push_keys: JSON.stringify(s.keys),
            topic_events: 0,
            language: (i + j) % 3 === 0 ? 'ta' : 'en',
            created_at: now,
            updated_at: now,
          }),
        ),
      )
      .execute();
  }
  await seedProviders(db);
  const [provider] = await listProviders(db);
  const userId = randomUUID();
  await db
    .insertInto('users')
    .values({
      id: userId,
      oidc_sub: null,
      email: 'bench@example.sg',
      first_name: 'Bench',
      last_name: 'Admin',
      rights: 'admin',
      activated: 1,
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
    })
    .execute();
  const input = janazaCreateSchema.parse({
    provider: provider._id,
    name: 'Haji Abdullah bin Ahmad',
    age: 78,
    postal: '198833',
    dueDate: new Date(Date.now() + 5 * 3600_000).toISOString(),
    note: 'Solat jenazah after Zohor at Masjid Sultan. Burial at Pusara Abadi, Choa Chu Kang.',
    address: '3 Muscat Street, Singapore 198833',
    status: 'pending',
  });
  const notice = await db.transaction().execute((trx) => insertNotice(trx, { input, provider, imageId: null, userId }));

  log('engine starting; approving the notice ("Notify Now!")...');
  const delivery = await startDelivery({ db, config, unsubscribeKey: 'bench-unsubscribe-key', log: benchLogger() });
  let rssPeak = process.memoryUsage.rss();
  const rssTimer = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 100);
  const cpuBefore = process.cpuUsage();
  const peerCpuBefore = (await peer.stats()).cpu;
  const approvedAt = performance.now();
  await db.transaction().execute((trx) => changeStatus(trx, notice, 'approved', new Date().toISOString()));
  delivery.wake();

  let allReceivedAt = 0;
  let lastReport = 0;
  for (;;) {
    const { stats } = await peer.stats();
    if (!allReceivedAt && stats.requests >= total) allReceivedAt = performance.now();
    if (allReceivedAt) {
      const open = await db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow();
      if (Number(open.n) === 0) break;
    }
    if (performance.now() - lastReport > 5000) {
      lastReport = performance.now();
      log(`  ${stats.requests} pushes received after ${((lastReport - approvedAt) / 1000).toFixed(1)} s`);
    }
    await sleep(allReceivedAt ? 50 : 100);
  }
  const recordedAt = performance.now();
  clearInterval(rssTimer);
  const cpu = process.cpuUsage(cpuBefore);
  const peerAfter = await peer.stats();
  const states = await db
    .selectFrom('deliveries')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  await delivery.close();

  const engineSeconds = (allReceivedAt - approvedAt) / 1000;
  const engineRate = total / engineSeconds;
  const peerCpu = peerAfter.cpu.user + peerAfter.cpu.system - peerCpuBefore.user - peerCpuBefore.system;

  // Baseline: what a plain loop over web-push's sendNotification does with the same subscriptions.
  log(`baseline: web-push sendNotification, one after the other, over ${sample} subscriptions...`);
  const row = await db.selectFrom('janaza_notices').selectAll().where('id', '=', notice.id).executeTakeFirstOrThrow();
  const payload = pushPayload(renderJanaza(row, 'en', { publicUrl: config.publicUrl, correction: false }));
  const baselineBefore = (await peer.stats()).stats;
  const baselineStart = performance.now();
  let baselineFailures = 0;
  for (const subscription of subscriptions.slice(0, sample)) {
    try {
      await webpush.sendNotification(subscription, payload, {
        vapidDetails: { subject: 'mailto:bench@example.sg', publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 86400,
        urgency: 'high',
      });
    } catch (error) {
      if (baselineFailures++ === 0) log(`  baseline failure: ${(error as Error).message}`);
    }
  }
  const baselineSeconds = (performance.now() - baselineStart) / 1000;
  const baselineRate = sample / baselineSeconds;
  const final = await peer.stats();

  await peer.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });

  const cpu0 = cpus()[0];
  const sqliteVersion = (await import('better-sqlite3')).default;
  const version = (new sqliteVersion(':memory:').prepare('select sqlite_version() as v').get() as { v: string }).v;
  const lines = [
    `Machine: ${cpus().length} vCPU ${cpu0.model.trim()}, ${mib(totalmem())} RAM, Node ${process.version}, SQLite ${version}; load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    'Web push ECDH: node:crypto',
    '',
    '| | messages | time | messages/s |',
    '|---|---|---|---|',
    `| engine: approval -> last push received by the push service | ${total} | ${engineSeconds.toFixed(2)} s | **${Math.round(engineRate)}** |`,
    `| engine: approval -> last delivery recorded as sent | ${total} | ${((recordedAt - approvedAt) / 1000).toFixed(2)} s | ${Math.round(total / ((recordedAt - approvedAt) / 1000))} |`,
    `| baseline: web-push sendNotification loop${sample < total ? ` (first ${sample})` : ''} | ${sample} | ${baselineSeconds.toFixed(2)} s | ${Math.round(baselineRate)} |`,
    '',
    `Ratio engine / baseline: **${(engineRate / baselineRate).toFixed(1)}x**`,
    `Deliveries: ${states.map((s) => `${s.state} ${s.n}`).join(', ')}; baseline failures: ${baselineFailures}`,
    `Push service: ${final.stats.requests} requests, ${final.stats.decrypted} decrypted, decrypt failures ${final.stats.decryptFailures}, JWT refused ${final.stats.rejectedJwt}, over HTTP/2 ${final.stats.http2} (baseline part: ${final.stats.requests - baselineBefore.requests} requests)`,
    `Peak RSS: server process ${mib(rssPeak)} (engine, database and channel), push service process ${mib(final.rssPeak)}`,
    `CPU per message during the engine run: server process ${Math.round((cpu.user + cpu.system) / total)} µs, push service ${Math.round(peerCpu / total)} µs`,
  ];
  console.log(lines.join('\n'));
  const failed = final.stats.decryptFailures > 0 || states.some((s) => s.state !== 'sent');
  if (failed) process.exitCode = 1;
}

if (!(await rerunTrustingPushService())) await main();
