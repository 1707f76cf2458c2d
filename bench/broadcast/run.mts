/**
 * bench/broadcast (docs/decisions/2026-11-26-paced-delivery.md): an event broadcast running when a janaza notice is approved, to N
 * subscribers on each channel, through real server instances (`node --import tsx server/src/main.ts`)
 * against peers that pace like the real services (server/test/peers, `pace`): Telegram 30 a second
 * per bot and 1 a second per chat, the WhatsApp Cloud API at 80 a second with the pair rate and a
 * daily messaging limit, an SMTP server and a push service at the stated rates.
 *
 *   npm run bench:broadcast                                   # 1 instance, 10 000 subscribers per channel
 *   npm run bench:broadcast -- --instances 3                  # 3 instances on PostgreSQL + Redis
 *   npm run bench:broadcast -- --subscribers 300              # a quick run
 *
 * Options: --instances 1|3, --subscribers N, --smtp-rate R (default 50), --push-rate R (default 10 000: FCM's
 * documented quota is 600 000 messages a minute per project; the engine has no push rate of its own and obeys
 * a push service's 429 and Retry-After, so a lower rate here measures those refusals),
 * --paid-broadcast (TELEGRAM_PAID_BROADCAST=true), --janaza-after S (default 15), --timeout S,
 * --out file.json, --keep-db. Environment: BENCH_DATABASE_URL (an admin connection; default
 * postgres://postgres@127.0.0.1:5432/postgres; the bench drops and creates `bench_broadcast`),
 * BENCH_REDIS_URL (default redis://127.0.0.1:6379/9; that Redis database is emptied first).
 *
 * It measures, per channel and per item (the event, published first, then the janaza): the time from
 * the publish / approval to the last message at the peer against the floor (subscribers / rate),
 * refusals for pace per accepted send, subscribers who never got it (lost), messages that arrived
 * twice, deliveries ending `failed` in the database, and the peak RSS of each instance (VmHWM).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EVENT_PATHS, JANAZA_PATHS } from '@ummahnotify/domain';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startRoundRobinProxy } from '../../e2e/support/round-robin-proxy';
import { connect, type Db } from '../../server/src/db/connect';
import { type AcceptedSend, type PaceRecord, sleep } from '../../server/test/peers/pace';
import { PUSH_SERVICE_CERT, startPushService } from '../../server/test/peers/push-service';
import { startSmtpPeer } from '../../server/test/peers/smtp';
import { startTelegramApi } from '../../server/test/peers/telegram-api';
import { readmeTemplates, startWhatsAppApi } from '../../server/test/peers/whatsapp-api';
import { startTestIssuer } from '../../server/test/support/oidc-issuer';
import { type CookieJar, signIn } from '../../server/test/support/sign-in';
import { insertMasjid } from '../../server/test/support/staff';
import { newSubscriber } from '../../server/test/support/subscriber-rows';
import { freePort, type Instance, startInstance } from './processes.mts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHANNELS = ['telegram', 'whatsapp', 'email', 'webpush'] as const;
type Channel = (typeof CHANNELS)[number];
const ITEMS = ['event', 'janaza'] as const;
type Item = (typeof ITEMS)[number];
const DATABASE = 'bench_broadcast';
const SUPERADMIN = 'bench.admin@broadcast.example.sg';
const TELEGRAM_TOKEN = '424242:bench-broadcast';
const WHATSAPP = { token: 'bench-wa-token', phoneId: '100000000000042', appSecret: 'bench-secret' };

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '1' },
    subscribers: { type: 'string', default: '10000' },
    'smtp-rate': { type: 'string', default: '50' },
    'push-rate': { type: 'string', default: '10000' },
    'paid-broadcast': { type: 'boolean', default: false },
    'janaza-after': { type: 'string', default: '15' },
    timeout: { type: 'string' },
    out: { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const instanceCount = Number(args.instances);
if (instanceCount !== 1 && instanceCount !== 3) throw new Error('--instances must be 1 or 3');
const N = Number(args.subscribers);
if (!Number.isInteger(N) || N < 1) throw new Error('--subscribers must be a whole number');
const paidBroadcast = args['paid-broadcast'] ?? false;
const janazaAfterS = Number(args['janaza-after']);

/** What the peers allow and what the instances are told (the same numbers: the floor is N / rate). */
const RATES = {
  telegram: 30,
  telegramPerChat: 1,
  telegramPaid: 1000,
  whatsapp: 80,
  whatsappPairSeconds: 6,
  smtp: Number(args['smtp-rate']),
  webpush: Number(args['push-rate']),
  pushRetryAfterSeconds: 1,
};
/** The messaging limit: every subscriber reached once in the day, with room for the janaza reserve (20 %). */
const WHATSAPP_DAILY_LIMIT = Math.ceil((N * 1.5) / 1000) * 1000;
const WHATSAPP_JANAZA_RESERVE = 20;
const floorRate = (channel: Channel, item: Item): number =>
  channel === 'telegram'
    ? item === 'janaza' && paidBroadcast
      ? RATES.telegramPaid
      : RATES.telegram
    : channel === 'email'
      ? RATES.smtp
      : RATES[channel];

const runId = Date.now().toString(36);
/** Words that tell the items apart in what the peers record (message text, mail subject, push title). */
const JANAZA_NAME = `Haji Abdullah bin Ahmad Bench${runId}`;
const EVENT_HEADING = `Kuliah Maghrib Talk${runId}`;

interface ItemResult {
  received: number;
  lost: number;
  duplicated: number;
  failed: number;
  firstS: number | null;
  lastS: number | null;
  floorS: number;
  /** (last - start) / floor */
  ofFloor: number | null;
}
interface ChannelResult {
  accepted: number;
  refusedForPace: number;
  refusalsPerAccepted: number;
  detail: Record<string, number>;
  items: Record<Item, ItemResult>;
  /** Gaps of at least STALL_MS between accepted sends while the janaza went: the provider's pauses and stalls. */
  janazaGaps: { count: number; seconds: number };
}

/** A gap between two accepted sends this long is a pause or a stall, not pacing (the slowest spacing is 35 ms). */
const STALL_MS = 250;
/** The event-loop sampling timer's period: each sample is this plus the delay, so it is taken off. */
const LOOP_SAMPLE_MS = 10;
const loopLate = (ns: number) => round(Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS));

async function main() {
  const startedAt = new Date();
  const loadBefore = loadavg();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
  const work = mkdtempSync(join(tmpdir(), 'un-bench-broadcast-'));
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  /** The server logs stay for a look when the run did not complete. */
  let keepLogs = true;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup: ${(error as Error).message}`);
      }
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping...`);
      cleanup().finally(() => process.exit(130));
    });
  }

  try {
    // A fresh database; for three instances, an emptied Redis database for the shared budgets.
    const databaseUrl = await recreateDatabase(adminUrl);
    if (!args['keep-db']) cleanups.push(() => dropDatabase(adminUrl));
    if (instanceCount === 3) {
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      await redis.flushdb();
      await redis.quit();
    }

    log(
      `pacing peers: Telegram ${RATES.telegram}/s per bot and ${RATES.telegramPerChat}/s per chat, WhatsApp ${RATES.whatsapp}/s, 1 per ${RATES.whatsappPairSeconds} s per recipient, daily limit ${WHATSAPP_DAILY_LIMIT}, SMTP ${RATES.smtp}/s, push ${RATES.webpush}/s`,
    );
    const telegram = await startTelegramApi({
      token: TELEGRAM_TOKEN,
      record: false,
      pace: { perSecond: RATES.telegram, perChatPerSecond: RATES.telegramPerChat, paidPerSecond: RATES.telegramPaid },
    });
    cleanups.push(() => telegram.close());
    const whatsapp = await startWhatsAppApi({
      ...WHATSAPP,
      templates: readmeTemplates(),
      record: false,
      pace: { perSecond: RATES.whatsapp, pairSeconds: RATES.whatsappPairSeconds, dailyLimit: WHATSAPP_DAILY_LIMIT },
    });
    cleanups.push(() => whatsapp.close());
    const smtp = await startSmtpPeer({ record: false, pace: { perSecond: RATES.smtp, code: 421 } });
    cleanups.push(() => smtp.close());
    const push = await startPushService({
      tls: true,
      keepReceived: false,
      pace: { perSecond: RATES.webpush, retryAfterSeconds: RATES.pushRetryAfterSeconds },
    });
    cleanups.push(() => push.close());
    const client = { id: 'ummahnotify-bench', secret: 'bench-secret' };
    const issuer = await startTestIssuer({ client });
    cleanups.push(() => issuer.stop());
    const certFile = join(work, 'push-service.pem');
    writeFileSync(certFile, PUSH_SERVICE_CERT);

    const ports = await Promise.all(Array.from({ length: instanceCount + 1 }, () => freePort()));
    const [proxyPort, ...instancePorts] = ports as [number, ...number[]];
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const pushPort = new URL(push.origin).port;
    const serverEnv = (index: number): Record<string, string> => {
      const dataDir = join(work, `instance-${index}`);
      mkdirSync(dataDir);
      return {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ...(instanceCount === 3 ? { REDIS_URL: redisUrl } : {}),
        OIDC_ISSUER: issuer.url,
        GOOGLE_CLIENT_ID: client.id,
        GOOGLE_CLIENT_SECRET: client.secret,
        SUPERADMIN_EMAILS: SUPERADMIN,
        // the events broadcast goes at once whatever the hour the bench runs at
        EVENT_QUIET_HOURS: 'off',
        SESSION_SECRET: 'bench-broadcast-session-secret-0123456789abcdef',
        TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
        TELEGRAM_API_URL: telegram.url,
        TELEGRAM_UPDATES: 'polling',
        TELEGRAM_RATE: String(RATES.telegram),
        TELEGRAM_PAID_BROADCAST: String(paidBroadcast),
        WHATSAPP_TOKEN: WHATSAPP.token,
        WHATSAPP_PHONE_ID: WHATSAPP.phoneId,
        WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
        WHATSAPP_VERIFY_TOKEN: 'bench-verify',
        WHATSAPP_API_URL: whatsapp.url,
        WHATSAPP_RATE: String(RATES.whatsapp),
        WHATSAPP_DAILY_LIMIT: String(WHATSAPP_DAILY_LIMIT),
        WHATSAPP_JANAZA_RESERVE: String(WHATSAPP_JANAZA_RESERVE),
        SMTP_URL: smtp.url,
        MAIL_FROM: 'UmmahNotify <notices@broadcast.example.sg>',
        SMTP_RATE: String(RATES.smtp),
        VAPID_SUBJECT: 'mailto:notices@broadcast.example.sg',
        WEBPUSH_ENDPOINT_HOSTS: `127.0.0.1,127.0.0.1:${pushPort}`,
        NODE_EXTRA_CA_CERTS: certFile,
      };
    };

    log(`${instanceCount} server instance(s) (logs in ${work})...`);
    const instances: Instance[] = [];
    cleanups.push(() => Promise.all(instances.map((i) => i.stop())));
    const [firstPort, ...otherPorts] = instancePorts as [number, ...number[]];
    // The first one migrates the empty database; the others start together.
    instances.push(await startInstance(firstPort, serverEnv(0), join(work, 'instance-0.log')));
    instances.push(
      ...(await Promise.all(
        otherPorts.map((port, i) => startInstance(port, serverEnv(i + 1), join(work, `instance-${i + 1}.log`))),
      )),
    );
    const proxy = await startRoundRobinProxy(
      proxyPort,
      instancePorts.map((port) => `http://127.0.0.1:${port}`),
    );
    cleanups.push(() => proxy.close());
    const rssPeakKiB = instances.map(() => 0);
    const rssTimer = setInterval(() => {
      instances.forEach((instance, i) => {
        rssPeakKiB[i] = Math.max(rssPeakKiB[i] ?? 0, instance.rssKiB() ?? 0);
      });
    }, 1000);
    cleanups.push(() => clearInterval(rssTimer));

    const db = connect({ kind: 'postgres', url: databaseUrl });
    cleanups.push(() => db.destroy());
    log(`${N} confirmed subscribers on each channel, both topics...`);
    const expected = await insertSubscribers(db, push.subscribe);
    const masjid = await insertMasjid(db, 'Masjid Sultan');

    const { jar } = await signIn(publicUrl, { email: SUPERADMIN, givenName: 'Bench' });
    const api = apiClient(publicUrl, jar);
    const eventDate = new Date(Date.now() + 8 * 3600_000).toISOString();
    const event = await api('POST', EVENT_PATHS.list, {
      heading: EVENT_HEADING,
      headingTa: `மஃரிப் சொற்பொழிவு Talk${runId}`,
      subHeading: 'After Maghrib, all welcome',
      content: 'A talk on the rights of neighbours.',
      address: '3 Muscat Street, Singapore 198833',
      registration: false,
      dateTime: eventDate,
    });
    const notice = await api('POST', JANAZA_PATHS.notices, {
      provider: masjid,
      name: JANAZA_NAME,
      age: 78,
      postal: '198833',
      dueDate: new Date(Date.now() + 6 * 3600_000).toISOString(),
      status: 'pending',
      confirmDuplicate: true,
    });

    const floorS = (channel: Channel, item: Item) => N / floorRate(channel, item);
    const longest = Math.max(...CHANNELS.map((c) => floorS(c, 'event') + floorS(c, 'janaza')));
    const timeoutS = Number(args.timeout ?? Math.ceil(120 + janazaAfterS + 3 * longest));
    log(
      `publishing the event; the janaza is approved ${janazaAfterS} s later; floors per item: ${CHANNELS.map((c) => `${c} ${round(floorS(c, 'janaza'))} s`).join(', ')}; stopping after ${timeoutS} s at most`,
    );
    const start: Record<Item, number> = { event: Date.now(), janaza: 0 };
    // The peers run in this process: its event loop's delay is how late they see what arrives.
    const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
    loopDelay.enable();
    await api('PATCH', EVENT_PATHS.publish(event._id));
    await sleep(Math.max(0, start.event + janazaAfterS * 1000 - Date.now()));
    start.janaza = Date.now();
    await api('PATCH', JANAZA_PATHS.notice(notice._id), { status: 'approved' });

    const records: Record<Channel, PaceRecord> = {
      telegram: telegram.pace,
      whatsapp: whatsapp.pace,
      email: smtp.pace,
      webpush: push.pace,
    };
    const deadline = start.event + timeoutS * 1000;
    let lastReport = 0;
    let complete = false;
    while (Date.now() < deadline) {
      const counts = progress(records);
      const arrived = CHANNELS.every((c) => ITEMS.every((i) => counts[c][i] >= N));
      const open = await openDeliveries(db);
      if (arrived && open === 0) {
        complete = true;
        break;
      }
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        const line = CHANNELS.map((c) => `${c} ${counts[c].event}+${counts[c].janaza}`).join(', ');
        log(`  ${round((Date.now() - start.event) / 1000, 0)} s: ${line}; ${open} deliveries open`);
      }
      await sleep(500);
    }
    // A little longer, for anything sent twice after the last one.
    await sleep(3000);
    const endedAt = Date.now();
    loopDelay.disable();
    const peakRss = instances.map((instance, i) => Math.max(instance.peakRssKiB() ?? 0, rssPeakKiB[i] ?? 0));
    const failed = await failedDeliveries(db);
    const states = await deliveryStates(db);

    const channels = {} as Record<Channel, ChannelResult>;
    for (const channel of CHANNELS) {
      const record = records[channel];
      const byItem = splitByItem(channel, record.sends);
      const items = {} as Record<Item, ItemResult>;
      for (const item of ITEMS) {
        const sends = byItem[item];
        const per = new Map<string, number>();
        for (const s of sends) per.set(s.to, (per.get(s.to) ?? 0) + 1);
        const lost = expected[channel].filter((to) => !per.has(to)).length;
        const last = sends.length ? Math.max(...sends.map((s) => s.at)) : null;
        const first = sends.length ? Math.min(...sends.map((s) => s.at)) : null;
        const floor = floorS(channel, item);
        items[item] = {
          received: per.size,
          lost,
          duplicated: sends.length - per.size,
          failed: failed[channel]?.[item] ?? 0,
          firstS: first === null ? null : round((first - start[item]) / 1000, 2),
          lastS: last === null ? null : round((last - start[item]) / 1000, 2),
          floorS: round(floor, 2),
          ofFloor: last === null ? null : round((last - start[item]) / 1000 / floor, 3),
        };
      }
      channels[channel] = {
        accepted: record.accepted,
        refusedForPace: record.refusedForPace,
        refusalsPerAccepted: round(record.refusedForPace / Math.max(1, record.accepted), 4),
        detail: paceDetail(channel, { telegram, whatsapp }),
        items,
        janazaGaps: gapsBetween(record.sends, start.janaza, Math.max(...byItem.janaza.map((s) => s.at), start.janaza)),
      };
    }

    const result = {
      bench: 'broadcast',
      startedAt: startedAt.toISOString(),
      complete,
      runSeconds: round((endedAt - start.event) / 1000),
      timeoutSeconds: timeoutS,
      instances: instanceCount,
      database: 'postgres',
      redis: instanceCount === 3,
      subscribersPerChannel: N,
      janazaApprovedAfterSeconds: round((start.janaza - start.event) / 1000, 2),
      settings: {
        TELEGRAM_RATE: RATES.telegram,
        TELEGRAM_PAID_BROADCAST: paidBroadcast,
        WHATSAPP_RATE: RATES.whatsapp,
        WHATSAPP_DAILY_LIMIT,
        WHATSAPP_JANAZA_RESERVE,
        SMTP_RATE: RATES.smtp,
      },
      peers: {
        telegram: `${RATES.telegram}/s per bot (${RATES.telegramPaid}/s with allow_paid_broadcast), ${RATES.telegramPerChat}/s per chat, 429 retry_after, 60 ms a call`,
        whatsapp: `${RATES.whatsapp}/s per number (130429), 1 per ${RATES.whatsappPairSeconds} s per recipient (131056), daily limit ${WHATSAPP_DAILY_LIMIT} (131048)`,
        email: `${RATES.smtp}/s (421 4.7.0 at MAIL FROM)`,
        webpush: `${RATES.webpush}/s (429, Retry-After: ${RATES.pushRetryAfterSeconds})`,
      },
      channels,
      deliveryStates: states,
      peakRssMiB: peakRss.map((kib) => round(kib / 1024, 0)),
      peersEventLoopDelayMs: {
        p50: loopLate(loopDelay.percentile(50)),
        p99: loopLate(loopDelay.percentile(99)),
        max: loopLate(loopDelay.max),
      },
      machine: `${cpus().length} vCPU ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`,
      loadAverage: { before: loadBefore.map((l) => round(l, 2)), after: loadavg().map((l) => round(l, 2)) },
    };
    printTable(result, channels);
    const out =
      args.out ??
      join(
        ROOT,
        'bench',
        'results',
        'tmp',
        `broadcast-i${instanceCount}-n${N}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`,
      );
    mkdirSync(dirname(resolve(out)), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    log(`written ${out}`);
    if (complete) keepLogs = false;
    else process.exitCode = 1;
  } finally {
    await cleanup();
    if (keepLogs) log(`server logs kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

async function recreateDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${DATABASE}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  return url.href;
}

async function dropDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await client.end();
}

/** Inserts N subscribers per channel; answers, per channel, the key each peer records them under. */
async function insertSubscribers(
  db: Db,
  subscribe: () => { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<Record<Channel, string[]>> {
  const expected: Record<Channel, string[]> = { telegram: [], whatsapp: [], email: [], webpush: [] };
  const now = new Date().toISOString();
  for (const channel of CHANNELS) {
    const rows = Array.from({ length: N }, (_, i) => {
      const language = i % 3 === 0 ? 'ta' : 'en';
      const base = { channel, language, created_at: now, updated_at: now };
      if (channel === 'telegram') {
        const chat = String(700_000_000 + i);
        expected.telegram.push(chat);
        return newSubscriber({ ...base, address: chat });
      }
      if (channel === 'whatsapp') {
        const phone = `+659${String(i).padStart(7, '0')}`;
        expected.whatsapp.push(phone.slice(1));
        return newSubscriber({ ...base, address: phone });
      }
      if (channel === 'email') {
        const email = `jamaah${i}@broadcast.example.sg`;
        expected.email.push(email);
        return newSubscriber({ ...base, address: email });
      }
      const subscription = subscribe();
      expected.webpush.push(subscription.endpoint.split('/').pop() as string);
      return newSubscriber({ ...base, address: subscription.endpoint, push_keys: JSON.stringify(subscription.keys) });
    });
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('subscribers')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  }
  return expected;
}

/** Staff API calls with the session cookie and the site's Origin (writes need it); the answer's `data`. */
function apiClient(publicUrl: string, jar: CookieJar) {
  return async (method: string, path: string, body?: unknown): Promise<{ _id: string }> => {
    const res = await fetch(`${publicUrl}${path}`, {
      method,
      headers: {
        cookie: jar.header(),
        origin: publicUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (JSON.parse(text) as { data: { _id: string } }).data;
  };
}

function itemOf(channel: Channel, send: AcceptedSend): Item | null {
  const what = send.what ?? '';
  if (channel === 'whatsapp') {
    if (what === 'ummahnotify_janaza') return 'janaza';
    if (what === 'ummahnotify_event') return 'event';
    return null;
  }
  if (what.includes(`Bench${runId}`)) return 'janaza';
  if (what.includes(`Talk${runId}`)) return 'event';
  return null;
}

function splitByItem(channel: Channel, sends: AcceptedSend[]): Record<Item, AcceptedSend[]> {
  const byItem: Record<Item, AcceptedSend[]> = { event: [], janaza: [] };
  for (const send of sends) {
    const item = itemOf(channel, send);
    if (item) byItem[item].push(send);
  }
  return byItem;
}

/** Distinct recipients reached so far, per channel and item. */
function progress(records: Record<Channel, PaceRecord>): Record<Channel, Record<Item, number>> {
  const counts = {} as Record<Channel, Record<Item, number>>;
  for (const channel of CHANNELS) {
    const byItem = splitByItem(channel, records[channel].sends);
    counts[channel] = {
      event: new Set(byItem.event.map((s) => s.to)).size,
      janaza: new Set(byItem.janaza.map((s) => s.to)).size,
    };
  }
  return counts;
}

async function openDeliveries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('state', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function failedDeliveries(db: Db): Promise<Record<string, Partial<Record<Item, number>>>> {
  const rows = await db
    .selectFrom('deliveries')
    .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
    .select(['deliveries.channel', 'outbox.kind', (eb) => eb.fn.countAll<string>().as('n')])
    .where('deliveries.state', '=', 'failed')
    .groupBy(['deliveries.channel', 'outbox.kind'])
    .execute();
  const failed: Record<string, Partial<Record<Item, number>>> = {};
  for (const row of rows) {
    const item: Item = row.kind === 'janaza' ? 'janaza' : 'event';
    failed[row.channel] = { ...failed[row.channel], [item]: Number(row.n) };
  }
  return failed;
}

async function deliveryStates(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('deliveries')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

function paceDetail(
  channel: Channel,
  peers: {
    telegram: Awaited<ReturnType<typeof startTelegramApi>>;
    whatsapp: Awaited<ReturnType<typeof startWhatsAppApi>>;
  },
): Record<string, number> {
  if (channel === 'telegram') {
    const t = peers.telegram.pace;
    return {
      refusedPerBot: t.refusedPerBot,
      refusedPerChat: t.refusedPerChat,
      paidBroadcasts: t.paidBroadcasts,
      billedBroadcasts: t.billedBroadcasts,
      starsSpent: t.starsSpent,
    };
  }
  if (channel === 'whatsapp') {
    const w = peers.whatsapp.pace;
    return {
      refused130429: w.refusedThroughput,
      refused131056: w.refusedPair,
      refusedDailyLimit: w.refusedDailyLimit,
      reachedToday: w.reachedToday,
    };
  }
  return {};
}

/** Gaps of at least STALL_MS between consecutive sends accepted from `from` to `to` (epoch ms). */
function gapsBetween(sends: AcceptedSend[], from: number, to: number): { count: number; seconds: number } {
  let count = 0;
  let ms = 0;
  let previous = from;
  for (const { at } of sends) {
    if (at < from || at > to) continue;
    if (at - previous >= STALL_MS) {
      count++;
      ms += at - previous;
    }
    previous = at;
  }
  return { count, seconds: round(ms / 1000) };
}

function printTable(
  result: {
    instances: number;
    subscribersPerChannel: number;
    complete: boolean;
    peakRssMiB: number[];
    peersEventLoopDelayMs: { p50: number; p99: number; max: number };
  },
  channels: Record<Channel, ChannelResult>,
): void {
  const table = (rows: string[][]) => {
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
    for (const r of rows)
      console.log(
        r
          .map((cell, i) => cell.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd(),
      );
  };
  console.log(
    `\nbroadcast: ${result.instances} instance(s), ${result.subscribersPerChannel} subscribers per channel${result.complete ? '' : ' - INCOMPLETE (timed out)'}`,
  );
  const items = [
    ['channel', 'item', 'received', 'lost', 'twice', 'failed', 'first (s)', 'last (s)', 'floor (s)', 'x floor'],
  ];
  for (const channel of CHANNELS) {
    for (const item of ITEMS) {
      const r = channels[channel].items[item];
      items.push([
        channel,
        item,
        String(r.received),
        String(r.lost),
        String(r.duplicated),
        String(r.failed),
        r.firstS === null ? '-' : String(r.firstS),
        r.lastS === null ? '-' : String(r.lastS),
        String(r.floorS),
        r.ofFloor === null ? '-' : r.ofFloor.toFixed(2),
      ]);
    }
  }
  table(items);
  console.log('(times from the publish / the approval of each item; floor = subscribers / rate)\n');
  const pace = [
    ['channel', 'accepted', 'refused for pace', 'per accepted', `janaza's gaps >= ${STALL_MS} ms`, 'detail'],
  ];
  for (const channel of CHANNELS) {
    const c = channels[channel];
    const detail = Object.entries(c.detail)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    pace.push([
      channel,
      String(c.accepted),
      String(c.refusedForPace),
      `${(c.refusalsPerAccepted * 100).toFixed(2)} %`,
      `${c.janazaGaps.count}, ${c.janazaGaps.seconds} s`,
      detail,
    ]);
  }
  table(pace);
  console.log(`\npeak RSS per instance: ${result.peakRssMiB.map((m) => `${m} MiB`).join(', ')}`);
  const delay = result.peersEventLoopDelayMs;
  console.log(`the peers' event-loop delay: p50 ${delay.p50} ms, p99 ${delay.p99} ms, max ${delay.max} ms`);
}

main().catch((error) => {
  log(String(error?.stack ?? error));
  process.exit(1);
});
