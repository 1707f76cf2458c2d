import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { CHANNEL_ENV, PEERS, PORT_BASE } from '../support/env';
import { startOwnServer } from '../support/server-process';
import {
  collectServiceWorkerMessages,
  deliverPush,
  serviceWorkerMessages,
  shownNotifications,
  stubPushSubscribe,
  vapidKeys,
} from '../support/webpush';

// Its own server with a VAPID key, so web push is on; the other channels reach the run's local peers.
const PORT = PORT_BASE + 60;
const URL_ = `http://127.0.0.1:${PORT}`;
const DATA_DIR = mkdtempSync(join(tmpdir(), 'un-signup-'));
const VAPID = vapidKeys();
test.use({ baseURL: URL_, viewport: { width: 390, height: 844 } });

let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer(PORT, 'signup', {
    DATA_DIR,
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:e2e@example.sg',
    ...CHANNEL_ENV,
    NODE_ENV: 'test',
  });
});
test.afterAll(async () => server?.stop());

/** A subscription the run's push service knows (e2e/support/peers-main.ts), as a browser would hand it over. */
async function pushServiceSubscription() {
  const res = await fetch(`${PEERS.controlUrl}/push/subscribe`, { method: 'POST' });
  const made = (await res.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
  return { ...made, privateKey: '' };
}

/** What the push service received for `endpoint`. */
async function pushesTo(endpoint: string) {
  const res = await fetch(`${PEERS.controlUrl}/push`);
  return ((await res.json()) as { endpoint: string; status: number; payload: { tag?: string } | null }[]).filter(
    (p) => p.endpoint === endpoint,
  );
}

function webpushRow(endpoint: string) {
  const db = new Database(join(DATA_DIR, 'ummahnotify.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT address, push_keys, language, topic_janaza, topic_events, confirmed, active
         FROM subscribers WHERE channel = 'webpush' AND address = ?`,
      )
      .get(endpoint) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

test('a visitor turns web push on from the landing page, and off again', async ({ page, context }) => {
  // The browser's push service (FCM) is out of reach here: subscribe() is stubbed to hand back a subscription at
  // the run's local push service, which holds its keys and accepts the server's welcome push. The service worker,
  // the permission, the proof of work and the server are real.
  const subscription = await pushServiceSubscription();
  await stubPushSubscribe(page, subscription);
  await context.grantPermissions(['notifications'], { origin: URL_ });
  await page.goto('/');
  await page.getByRole('checkbox', { name: 'Community events' }).uncheck();
  await page.getByText('தமிழ் (Tamil)', { exact: true }).click();
  await page.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(page.getByText('Done: this browser will show our notices.')).toBeVisible();

  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration('/');
    const options = (globalThis as unknown as { __pushSubscribeOptions: { applicationServerKey: number[] } })
      .__pushSubscribeOptions;
    return { scope: r?.scope, script: r?.active?.scriptURL, key: options.applicationServerKey };
  });
  expect(registration.scope).toBe(`${URL_}/`);
  expect(registration.script).toBe(`${URL_}/sw.js`);
  expect(Buffer.from(registration.key).toString('base64url')).toBe(VAPID.publicKey);
  const row = webpushRow(subscription.endpoint);
  expect(row).toMatchObject({ language: 'ta', topic_janaza: 1, topic_events: 0, confirmed: 1, active: 1 });
  // stored once the push service accepted the welcome push, in the language chosen
  const [welcome] = await pushesTo(subscription.endpoint);
  expect(welcome).toMatchObject({ status: 201, payload: { tag: 'welcome', lang: 'ta' } });
  expect(JSON.parse(String(row?.push_keys))).toEqual(subscription.keys);

  await page.reload();
  await expect(page.getByText('Notifications are on in this browser.')).toBeVisible();
  await page.getByRole('button', { name: 'Turn off notifications' }).click();
  await expect(page.getByText('Notifications are off. This browser will not receive any more notices.')).toBeVisible();
  expect(webpushRow(subscription.endpoint)?.active ?? 0).toBe(0);
});

test('the service worker shows a push it receives and tells the open page', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: URL_ });
  await collectServiceWorkerMessages(page);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  // The payload the server's web push channel encrypts (server/src/delivery/channels/webpush-payload.ts).
  const payload = {
    title: 'Janaza: Haji Ahmad bin Salleh',
    body: 'Prayer: Monday, 23 November 2026 at 2:30 pm\nPlace: Masjid Sultan',
    url: `${URL_}/#janaza-n1`,
    image: null,
    tag: 'janaza-n1',
    correction: false,
    lang: 'en',
  };
  await deliverPush(page, payload);
  await expect.poll(() => serviceWorkerMessages(page)).toEqual([{ type: 'push', payload }]);
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: payload.title, body: payload.body, tag: 'janaza-n1', data: { url: payload.url } }]);
});

test('the sign-up form checks what is typed before anything is sent, in both languages', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
  await page.goto('/');
  await page.locator('.ant-segmented-item:visible', { hasText: 'Email' }).click();
  await page.getByLabel('Email address').fill('siti@example');
  await page.getByRole('button', { name: 'Subscribe by email' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Janaza prayers' }).uncheck();
  await page.getByRole('checkbox', { name: 'Community events' }).uncheck();
  await expect(page.getByText('Choose at least one topic')).toBeVisible();

  await page.locator('.ant-segmented-item:visible', { hasText: 'WhatsApp' }).click();
  await page.getByRole('checkbox', { name: 'Janaza prayers' }).check();
  await page.getByLabel('Singapore mobile number').fill('1234 5678');
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page.getByText('Enter an 8-digit Singapore number')).toBeVisible();

  await page.locator('header:visible').getByText('தமிழ்', { exact: true }).click();
  await page.getByRole('button', { name: 'குறியீட்டை அனுப்பு' }).click();
  await expect(page.getByText('8 இலக்க சிங்கப்பூர் எண்ணை உள்ளிடவும்')).toBeVisible();
  expect(posts).toEqual([]);
});

test('the landing page shows the upcoming feed; the confirm and unsubscribe pages answer a dead link', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Janaza prayers', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff sign in' })).toBeVisible();

  await page.goto('/subscribe/confirm?token=not-a-token-we-ever-sent');
  await expect(page.getByRole('heading', { name: 'This link has expired or was already used' })).toBeVisible();
  await page.goto('/unsubscribe?token=not-a-token-we-ever-sent');
  await expect(page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(`${URL_}/`);
});
