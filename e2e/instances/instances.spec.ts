import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { SIGNUP_API } from '@ummahnotify/core';
import { catalogues, JANAZA_PATHS } from '@ummahnotify/domain';
import { connect, type Db } from '../../server/src/db/connect';
import { PUSH_SERVICE_CERT, type PushService, startPushService } from '../../server/test/peers/push-service';
import { type SmtpPeer, startSmtpPeer } from '../../server/test/peers/smtp';
import { freshDatabase, type TestDatabase } from '../../server/test/support/databases';
import { startTestIssuer } from '../../server/test/support/oidc-issuer';
import { solve } from '../../server/test/support/proof';
import { eventually, insertMasjid } from '../../server/test/support/staff';
import { newSubscriber } from '../../server/test/support/subscriber-rows';
import { E2E_CLIENT } from '../support/env';
import { signIn } from '../support/fixtures';
import { approveInList, createNotice } from '../support/janaza-ui';
import { type RoundRobinProxy, startRoundRobinProxy } from '../support/round-robin-proxy';
import { startServerProcess } from '../support/server-process';
import { INSTANCES } from './env';

/**
 * Several instances (docs/decisions/2026-11-24-instances-share-state-through-the-database.md): three server instances, each with its own empty DATA_DIR, on one PostgreSQL,
 * behind a round-robin proxy, behave as one: sign-in, a photo uploaded through one and shown by the
 * others, one message per subscriber, a broadcast that survives an instance killed mid-way, and a
 * sign-up rate limit that counts across instances.
 */
const BROADCAST = 5000;
const j = catalogues.janaza.en;

test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL: set TEST_DATABASE_URL=postgres://...');
// API calls made with page.request send the shell's Origin, as the browser's own writes do
// (the server refuses cookie-authenticated writes without a same-origin Origin).
test.use({ extraHTTPHeaders: { origin: INSTANCES.proxyUrl } });
test.describe.configure({ mode: 'serial' });

let database: TestDatabase;
let db: Db;
let issuer: { url: string; stop: () => Promise<void> };
let push: PushService;
let smtp: SmtpPeer;
let proxy: RoundRobinProxy;
const instances: Awaited<ReturnType<typeof startServerProcess>>[] = [];
const dataDirs: string[] = [];
let providerName = '';

test.beforeAll(async () => {
  database = await freshDatabase('postgres');
  db = connect({ kind: 'postgres', url: database.databaseUrl as string });
  issuer = await startTestIssuer({ port: INSTANCES.issuerPort, client: E2E_CLIENT });
  // HTTPS like a real push service (HTTP/2); the instances trust its certificate through NODE_EXTRA_CA_CERTS.
  push = await startPushService({ port: INSTANCES.pushPort, tls: true, decryptEvery: 1 });
  smtp = await startSmtpPeer({ port: INSTANCES.smtpPort });
  const certFile = join(database.dataDir, 'push-service.pem');
  writeFileSync(certFile, PUSH_SERVICE_CERT);

  const env = (port: number) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'un-instance-'));
    dataDirs.push(dataDir);
    return {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: INSTANCES.proxyUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl as string,
      OIDC_ISSUER: issuer.url,
      GOOGLE_CLIENT_ID: E2E_CLIENT.id,
      GOOGLE_CLIENT_SECRET: E2E_CLIENT.secret,
      SUPERADMIN_EMAILS: INSTANCES.superadmin,
      // events go at once whatever the hour the tests run at (the quiet hours' own test sets them)
      EVENT_QUIET_HOURS: 'off',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'UmmahNotify <notices@instances.example.sg>',
      VAPID_SUBJECT: 'mailto:notices@instances.example.sg',
      // the host alone (before endpoint ports were checked) and with its port (after)
      WEBPUSH_ENDPOINT_HOSTS: `127.0.0.1,127.0.0.1:${INSTANCES.pushPort}`,
      WEBPUSH_CONCURRENCY: String(INSTANCES.webpushConcurrency),
      DELIVERY_LEASE_SECONDS: '45',
      NODE_EXTRA_CA_CERTS: certFile,
      NODE_ENV: 'test',
    };
  };
  const [first, ...others] = INSTANCES.instancePorts;
  // The first one migrates the empty database; the other two start together.
  instances.push(await startServerProcess(env(first), `http://127.0.0.1:${first}/healthz`));
  instances.push(
    ...(await Promise.all(others.map((port) => startServerProcess(env(port), `http://127.0.0.1:${port}/healthz`)))),
  );
  proxy = await startRoundRobinProxy(
    INSTANCES.proxyPort,
    INSTANCES.instancePorts.map((port) => `http://127.0.0.1:${port}`),
  );
  providerName = `Masjid Al-Muttaqin ${Date.now() % 10_000}`;
  await insertMasjid(db, providerName);
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await proxy?.close();
  await db?.destroy();
  await Promise.all([issuer?.stop(), push?.close(), smtp?.close()]);
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function subscribeByPushAndEmail(page: Page): Promise<{ endpoint: string; email: string }> {
  const subscription = push.subscribe();
  const choice = { topics: ['janaza'], language: 'en' };
  // web push proves work too, and is stored once the push service accepted its welcome push
  const proof = await solve(await (await page.request.get(`${SIGNUP_API.challenge}?channel=webpush`)).json());
  const pushed = await page.request.post(SIGNUP_API.webpush, { data: { subscription, ...choice, altcha: proof } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const email = `jamaah.${Date.now()}@instances.example.sg`;
  // the challenge from one instance, its solution checked by another: they share the key and the used proofs
  const altcha = await solve(await (await page.request.get(SIGNUP_API.challenge)).json());
  expect((await page.request.post(SIGNUP_API.email, { data: { email, ...choice, altcha } })).status()).toBe(202);
  const [confirmation] = (await smtp.waitFor(1)).filter((m) => m.to.includes(email));
  const token = /token=([\w-]+)/.exec(confirmation.text)?.[1];
  expect((await page.request.post(SIGNUP_API.emailConfirm, { data: { token } })).status()).toBe(200);
  return { endpoint: subscription.endpoint, email };
}

test('sign in, a notice with a photo seen through every instance, approved: one push and one email', async ({
  page,
}) => {
  const subscriber = await subscribeByPushAndEmail(page);
  await signIn(page, { email: INSTANCES.superadmin, givenName: 'Imam' }, issuer.url);
  await page.goto('/dashboard/janaza-notifications');
  await expect(page.getByRole('heading', { name: j.title })).toBeVisible();

  const name = `Haji Yusof bin Rahman ${Date.now() % 10_000}`;
  await createNotice(page, 'en', name, { name: providerName, contact: '62934405' });

  // The photo went to whichever instance took the upload; every instance serves the same bytes.
  const [notice] = (await (await page.request.get(`${JANAZA_PATHS.notices}?q=${encodeURIComponent(name)}`)).json())
    .data as { _id: string; imageUrl: string }[];
  const copies: Buffer[] = [];
  for (let i = 0; i < 3; i++) copies.push(await (await page.request.get(notice.imageUrl)).body());
  expect(copies[0].length).toBeGreaterThan(1000);
  expect(copies.every((c) => c.equals(copies[0]))).toBe(true);
  // And the browser shows it in the list (a thumbnail that decoded), after reloads landing elsewhere.
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await page.getByRole('tab', { name: j['tab.edit'] }).click();
    await page.getByRole('textbox', { name: j.search }).fill(name);
    const photo = page.getByRole('img', { name: j.photoOf.replace('{{name}}', name) });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }

  await approveInList(page, name);
  const mine = () => ({
    // the notice's pushes (not the welcome push its sign-up was proven by)
    push: push.received.filter(
      (p) =>
        p.endpoint === subscriber.endpoint && p.status === 201 && (p.payload as { tag?: string })?.tag !== 'welcome',
    ),
    mail: smtp.messages.filter((m) => m.to.includes(subscriber.email) && m.subject.includes(name)),
  });
  await expect.poll(() => [mine().push.length, mine().mail.length]).toEqual([1, 1]);
  expect((mine().push[0].payload as { title: string }).title).toBe(`Janaza: ${name}`);
  // No instance sends it a second time. Every message of the notice is recorded sent, which is written after its
  // provider answered: no send is in flight, and none can start (a claim takes only pending messages).
  const states = async () =>
    (
      await db
        .selectFrom('deliveries')
        .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
        .where('outbox.item_id', '=', notice._id)
        .select(['deliveries.channel', 'deliveries.state'])
        .orderBy('deliveries.channel')
        .execute()
    ).map((d) => `${d.channel}: ${d.state}`);
  await expect.poll(states).toEqual(['email: sent', 'webpush: sent']);
  expect([mine().push.length, mine().mail.length]).toEqual([1, 1]);
  expect(push.stats.rejectedJwt, 'every instance signs with the one VAPID key').toBe(0);
  expect(
    proxy.answered.every((n) => n > 0),
    `requests per instance: ${proxy.answered.join(', ')}`,
  ).toBe(true);
});

test('the sign-up rate limit (10 a minute per address) holds across the three instances', async ({ request }) => {
  const statuses: number[] = [];
  for (let i = 0; i < 15; i++) {
    const res = await request.post(SIGNUP_API.webpushRemove, {
      headers: { 'x-forwarded-for': '203.0.113.16' },
      data: { endpoint: 'https://fcm.googleapis.com/fcm/send/none' },
    });
    statuses.push(res.status());
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(5);
});

test(`an instance killed (SIGKILL) during a broadcast of ${BROADCAST} loses nothing`, async ({ page }) => {
  const subscribers = Array.from({ length: BROADCAST }, () => {
    const s = push.subscribe();
    return newSubscriber({ channel: 'webpush', address: s.endpoint, push_keys: JSON.stringify(s.keys) });
  });
  for (let i = 0; i < subscribers.length; i += 500)
    await db
      .insertInto('subscribers')
      .values(subscribers.slice(i, i + 500))
      .execute();
  await signIn(page, { email: INSTANCES.superadmin, givenName: 'Imam' }, issuer.url);
  const before = push.stats.accepted;
  const created = await page.request.post(JANAZA_PATHS.notices, {
    multipart: {
      provider: (
        await db.selectFrom('members').select('id').where('business_name', '=', providerName).executeTakeFirstOrThrow()
      ).id,
      name: `Broadcast ${Date.now() % 10_000}`,
      age: '80',
      postal: '198833',
      dueDate: '2030-05-01T06:30:00.000Z',
      status: 'approved',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await push.waitFor(push.stats.requests + BROADCAST / 5);
  const victim = instances[1].child;
  victim.kill('SIGKILL');
  await once(victim, 'exit');
  const atKill = push.stats.accepted - before;
  expect(atKill, 'the kill came mid-broadcast').toBeLessThan(BROADCAST);

  const unsent = async () =>
    Number(
      (
        await db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('state', '!=', 'sent')
          .executeTakeFirstOrThrow()
      ).n,
    );
  // The killed instance's claims come back when their lease (45 s) runs out; the other two send them.
  await eventually(async () => (await unsent()) === 0);

  const perEndpoint = new Map<string, number>();
  for (const r of push.received)
    if (r.status === 201) perEndpoint.set(r.endpoint, (perEndpoint.get(r.endpoint) ?? 0) + 1);
  const missing = subscribers.filter((s) => !perEndpoint.has(s.address));
  const twice = subscribers.filter((s) => (perEndpoint.get(s.address) ?? 0) > 1);
  const summary = `killed after ${atKill} of ${BROADCAST} sent; ${twice.length} sent twice`;
  test.info().annotations.push({ type: 'broadcast', description: summary });
  console.log(summary);
  expect(missing, 'every subscriber got the message').toHaveLength(0);
  // Exactly one each, except what the killed instance had in flight: at most its concurrency, and
  // only deliveries it had claimed (sent again after their lease ran out: attempts 2).
  expect(twice.length).toBeLessThanOrEqual(INSTANCES.webpushConcurrency);
  if (twice.length > 0) {
    const resent = await db
      .selectFrom('deliveries')
      .select('subscriber_id')
      .where(
        'subscriber_id',
        'in',
        twice.map((s) => s.id),
      )
      .where('attempts', '>=', 2)
      .execute();
    expect(resent).toHaveLength(twice.length);
  }
  expect(subscribers.every((s) => (perEndpoint.get(s.address) ?? 0) <= 2)).toBe(true);
  expect(push.stats.decryptFailures).toBe(0);
  expect(push.stats.rejectedJwt).toBe(0);
});
