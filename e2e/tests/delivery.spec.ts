import { randomInt, randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { catalogues } from '@ummahnotify/domain';
import { CHANNEL_NAMES, SIGNUP_OUTCOMES } from '../../shared/domain/test/expected-texts';
import { PEERS, SERVER_URL } from '../support/env';
import { insertMasjid, person, signIn } from '../support/fixtures';
import { approveInList } from '../support/janaza-ui';
import { collectServiceWorkerMessages, deliverPush, shownNotifications, stubPushSubscribe } from '../support/webpush';

// API calls made with page.request say they come from the shell, as the browser's own writes do
// (the server refuses cookie-authenticated writes without a same-origin Origin).
test.use({ extraHTTPHeaders: { origin: SERVER_URL } });

/**
 * Delivery (docs/product/delivery.md), as a new user would try it: subscribe through every channel from the landing page
 * (against the run's local peers: a push service, an SMTP server, fake Telegram Bot and WhatsApp Cloud
 * APIs), approve a notice in the dashboard, and see each channel receive exactly one message, in the
 * subscriber's language; then a correction, and a private notice without the name.
 */
const s = catalogues.signup.en;
const PROVIDER = { id: randomUUID(), name: `Masjid Al-Istiqamah ${randomUUID().slice(0, 4)}` };

interface Mail {
  to: string[];
  subject: string;
  text: string;
  headers: Record<string, string>;
}
interface TelegramMessage {
  chat_id: string;
  text?: string;
  caption?: string;
}
interface WhatsAppMessage {
  to: string;
  body?: string;
}
interface Push {
  endpoint: string;
  status: number;
  payload: { title: string; body: string; correction: boolean } | null;
}

const control = async <T>(path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${PEERS.controlUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

test.beforeAll(() =>
  insertMasjid({ id: PROVIDER.id, name: PROVIDER.name, lastName: 'Istiqamah', postal: '408564', contact: '67441234' }),
);

/**
 * The channel picker is a segmented control: its radios are hidden behind their labels. The page holds it laid out
 * across and stacked, in each language's frame: the one on screen.
 */
async function chooseChannel(page: Page, label: string) {
  await page.locator('.ant-segmented-item:visible').filter({ hasText: label }).click();
}

async function chooseLanguage(page: Page, language: 'en' | 'ta') {
  await page
    .locator('#get-notices')
    .getByText(language === 'ta' ? s.languageTa : s.languageEn, { exact: true })
    .click();
}

/** A visitor's phone: subscribes this browser (English), an email (Tamil), a Telegram chat (English), a WhatsApp number (Tamil). */
async function subscribeEverywhere(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: SERVER_URL });
  const page = await context.newPage();
  // "Open Telegram" opens t.me in a new tab; there is no network here, and the test reads the link from the page.
  context.on('page', (popup) => void popup.close().catch(() => {}));
  const subscription = await control<{ endpoint: string; keys: { p256dh: string; auth: string } }>(
    '/push/subscribe',
    {},
  );
  // Chromium here cannot reach its push service (FCM): subscribe() hands back a subscription at the local push
  // service, whose keys that service holds. Everything else — service worker, permission, server — is real.
  await stubPushSubscribe(page, { ...subscription, privateKey: '' });
  await collectServiceWorkerMessages(page);
  await context.grantPermissions(['notifications'], { origin: SERVER_URL });
  await page.goto('/');

  await chooseChannel(page, s.channelWebpush);
  await chooseLanguage(page, 'en');
  await page.getByRole('button', { name: s.webpushButton }).click();
  await expect(page.getByText(SIGNUP_OUTCOMES.webpushSubscribed.en)).toBeVisible();

  const email = `e2e.${randomUUID().slice(0, 8)}@example.sg`;
  await chooseChannel(page, s.channelEmail);
  await chooseLanguage(page, 'ta');
  await page.getByLabel(s.emailLabel).fill(email);
  await page.getByRole('button', { name: s.emailButton }).click();
  await expect(page.getByText(SIGNUP_OUTCOMES.emailSent.en(email))).toBeVisible();
  const confirmation = await expect
    .poll(async () => (await control<Mail[]>('/mail')).find((m) => m.to.includes(email)))
    .toBeTruthy()
    .then(async () => (await control<Mail[]>('/mail')).find((m) => m.to.includes(email)) as Mail);
  const link = /https?:\/\/\S+\/subscribe\/confirm\?token=[\w-]+/.exec(confirmation.text)?.[0];
  expect(link, confirmation.text).toBeTruthy();
  await page.goto(link as string);
  expect(confirmation.subject).toBe(SIGNUP_OUTCOMES.confirmSubject.ta);
  await expect(page.getByText(SIGNUP_OUTCOMES.confirmed.en)).toBeVisible();
  await page.goto('/');

  const chatId = String(randomInt(100_000_000, 999_999_999));
  await chooseChannel(page, s.channelTelegram);
  await chooseLanguage(page, 'en');
  await page.getByRole('button', { name: s.telegramButton }).click();
  // the page holds a bare t.me link until the server's answer fills in the deep link: wait for that one
  const deepLink = await page.locator('a[href*="t.me/"][href*="start="]').first().getAttribute('href');
  const startToken = new URL(deepLink as string).searchParams.get('start');
  expect(startToken).toBeTruthy();
  expect(
    (await control<{ status: number }>('/telegram/message', { chatId, text: `/start ${startToken}` })).status,
  ).toBe(200);

  const phone = `9${String(randomInt(0, 9_999_999)).padStart(7, '0')}`;
  await chooseChannel(page, s.channelWhatsapp);
  await chooseLanguage(page, 'ta');
  await page.getByLabel(s.whatsappPhoneLabel).fill(phone);
  await page.getByRole('button', { name: s.whatsappSendCode }).click();
  let code = '';
  await expect
    .poll(async () => {
      const sent = (await control<WhatsAppMessage[]>('/whatsapp')).filter((m) => m.to === `65${phone}`);
      code = /\b(\d{6})\b/.exec(sent.at(-1)?.body ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  await page.getByLabel(s.whatsappCodeLabel).fill(code);
  await page.getByRole('button', { name: s.whatsappConfirm, exact: true }).click();
  await expect(page.getByText(/Done: notices will come to/)).toBeVisible();

  return { page, endpoint: subscription.endpoint, email, chatId, phone: `65${phone}` };
}

/** Staff: creates a pending notice through the API, then approves it ("Notify Now!") with the list's inline edit. */
async function approveInDashboard(page: Page, name: string, isPrivacy = false) {
  const created = await page.request.post('/api/v1/admin/notifications/janaza', {
    multipart: {
      provider: PROVIDER.id,
      name,
      age: '74',
      postal: '408564',
      gender: 'female',
      isPrivacy: String(isPrivacy),
      address: 'Masjid Al-Istiqamah, 2 Serangoon North Ave 2',
      dueDate: '2030-05-01T06:30:00.000Z',
    },
  });
  expect(created.status()).toBe(201);
  await approveInList(page, name);
}

test('every channel receives exactly one message per notice, in its language; corrections and private notices too', async ({
  browser,
  page,
}) => {
  const visitor = await subscribeEverywhere(browser);
  const admin = person('admin', 'Hafiz');
  await signIn(page, admin);

  const name = `Siti Khadijah binte Omar ${randomUUID().slice(0, 4)}`;
  await approveInDashboard(page, name);

  const mine = async () => {
    const [mail, telegram, whatsapp, push] = await Promise.all([
      control<Mail[]>('/mail'),
      control<TelegramMessage[]>('/telegram'),
      control<WhatsAppMessage[]>('/whatsapp'),
      control<Push[]>('/push'),
    ]);
    return {
      mail: mail.filter((m) => m.to.includes(visitor.email) && m.subject.includes(name)),
      telegram: telegram.filter((m) => m.chat_id === visitor.chatId && (m.text ?? m.caption ?? '').includes(name)),
      whatsapp: whatsapp.filter((m) => m.to === visitor.phone && (m.body ?? '').includes(name)),
      push: push.filter((p) => p.endpoint === visitor.endpoint && p.status === 201 && p.payload?.title.includes(name)),
    };
  };
  const counts = async () => {
    const m = await mine();
    return [m.mail.length, m.telegram.length, m.whatsapp.length, m.push.length];
  };
  await expect.poll(counts).toEqual([1, 1, 1, 1]);
  let got = await mine();
  expect(got.mail[0].subject).toBe(`ஜனாஸா: ${name}`);
  expect(got.mail[0].headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(got.telegram[0].text ?? got.telegram[0].caption).toContain(`Janaza: ${name}`);
  expect(got.whatsapp[0].body).toContain(name);
  expect(got.push[0].payload?.title).toBe(`Janaza: ${name}`);

  // The decrypted push goes to the visitor's service worker, as the browser's push service would hand it over.
  await deliverPush(visitor.page, got.push[0].payload);
  // Chromium shows it once it has fetched the icon and photo from the server.
  await expect
    .poll(async () => (await shownNotifications(visitor.page)).map((n) => n.title))
    .toContain(`Janaza: ${name}`);

  // Staff see it sent, per channel, in the list.
  await expect(
    page.locator('tbody tr').filter({ hasText: name }).getByText(CHANNEL_NAMES.whatsapp.en).first(),
  ).toBeVisible();

  // A correction: marked, once more to each.
  await page
    .locator('tbody tr')
    .filter({ hasText: name })
    .getByRole('button', { name: catalogues.delivery.en['correction.button'] })
    .click();
  await page.getByRole('button', { name: catalogues.delivery.en['correction.ok'], exact: true }).click();
  await expect.poll(counts).toEqual([2, 2, 2, 2]);
  got = await mine();
  expect(got.push[1].payload?.correction).toBe(true);
  expect(got.mail[1].subject).toBe(`திருத்தம்: ஜனாஸா: ${name}`);

  // A private notice: sent, without the name. Its message has reached every channel's peer (one more to the
  // visitor on each, WhatsApp's last, paced after the correction's) before anything is searched for the name.
  const secret = `Private Person ${randomUUID().slice(0, 4)}`;
  const toVisitor = async () => {
    const [mail, telegram, whatsapp, push] = await Promise.all([
      control<Mail[]>('/mail'),
      control<TelegramMessage[]>('/telegram'),
      control<WhatsAppMessage[]>('/whatsapp'),
      control<Push[]>('/push'),
    ]);
    return [
      mail.filter((m) => m.to.includes(visitor.email)).length,
      telegram.filter((m) => m.chat_id === visitor.chatId).length,
      whatsapp.filter((m) => m.to === visitor.phone).length,
      push.filter((p) => p.endpoint === visitor.endpoint && p.status === 201).length,
    ];
  };
  const before = await toVisitor();
  await approveInDashboard(page, secret, true);
  await expect.poll(toVisitor).toEqual(before.map((n) => n + 1));
  const all = [
    ...(await control<Mail[]>('/mail')).map((m) => m.subject + m.text),
    ...(await control<TelegramMessage[]>('/telegram')).map((m) => m.text ?? m.caption ?? ''),
    ...(await control<WhatsAppMessage[]>('/whatsapp')).map((m) => m.body ?? ''),
    ...(await control<Push[]>('/push')).map((p) => JSON.stringify(p.payload)),
  ];
  expect(all.filter((t) => t.includes(secret))).toEqual([]);
});
