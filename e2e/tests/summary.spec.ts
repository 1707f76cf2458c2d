import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { SERVER_URL, SUPERADMIN_EMAIL } from '../support/env';
import { insertMasjid, person, signIn } from '../support/fixtures';

// API calls made with page.request say they come from the shell, as the browser's own writes do
// (the server refuses cookie-authenticated writes without a same-origin Origin).
test.use({ extraHTTPHeaders: { origin: SERVER_URL } });

const SUMMARY = '/api/v1/admin/dashboard/summary';
const UMMAHNOTIFY = ['/api/v1/admin/ummahnotify/list', '/api/v1/admin/ummahnotify/stats'];
const superadmin = { email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Rahman' };

function database(): Database.Database {
  const db = new Database(join(process.env.UN_E2E_DATA as string, 'server', 'ummahnotify.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** What every card should show, counted straight from the server's database. */
function countedInDatabase(): Record<string, number> {
  const db = database();
  const n = (query: string, ...args: string[]) => (db.prepare(query).get(...args) as { n: number }).n;
  const receiving = (channel: string, extra = '') =>
    n(`SELECT count(*) AS n FROM subscribers WHERE channel = ? AND active = 1 AND confirmed = 1 ${extra}`, channel);
  const position = (p: string) => n('SELECT count(*) AS n FROM members WHERE position = ?', p);
  const rights = (r: string) => n('SELECT count(*) AS n FROM users WHERE rights = ?', r);
  const counts = {
    janazah: n('SELECT count(*) AS n FROM janaza_notices'),
    events: n('SELECT count(*) AS n FROM events'),
    web: receiving('webpush'),
    'web.janaza': receiving('webpush', 'AND topic_janaza = 1'),
    'web.events': receiving('webpush', 'AND topic_events = 1'),
    email: receiving('email'),
    whatsapp: receiving('whatsapp'),
    telegram: receiving('telegram'),
    members: n('SELECT count(*) AS n FROM members'),
    'members.masjids': position('masjid'),
    'members.providers': position('partner'),
    'members.common': position('member'),
    administrators: rights('admin') + rights('editor') + rights('superadmin'),
    'administrators.admins': rights('admin'),
    'administrators.editors': rights('editor'),
    'administrators.superadmins': rights('superadmin'),
  };
  db.close();
  return counts;
}

const LINES: Record<string, string[]> = {
  web: ['janaza', 'events'],
  members: ['masjids', 'providers', 'common'],
  administrators: ['admins', 'editors', 'superadmins'],
};

/** The numbers the eight cards show, keyed like countedInDatabase(). */
async function shownOnCards(page: Page): Promise<Record<string, number>> {
  const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
  const shown: Record<string, number> = {};
  for (const key of ['janazah', 'events', 'web', 'email', 'whatsapp', 'telegram', 'members', 'administrators']) {
    const card = page.getByTestId(`summary-card-${key}`);
    shown[key] = number(await card.locator('.ant-statistic-content-value').textContent());
    for (const line of LINES[key] ?? [])
      shown[`${key}.${line}`] = number(
        await page.getByTestId(`summary-line-${key}-${line}`).locator('dd').textContent(),
      );
  }
  return shown;
}

async function expectCardsToMatchDatabase(page: Page) {
  await page.getByRole('button', { name: /Refresh|புதுப்பி/ }).click();
  await expect(page.getByRole('button', { name: /Refresh|புதுப்பி/ })).not.toHaveClass(/ant-btn-loading/);
  await expect.poll(async () => JSON.stringify(await shownOnCards(page))).toBe(JSON.stringify(countedInDatabase()));
}

test.describe('the summary page', () => {
  test('every number matches the database, after creating and deleting a notice, an event, a member and a subscriber', async ({
    page,
  }) => {
    await signIn(page, superadmin);
    // Hold the first answer back until the loading text has been seen.
    let release = () => {};
    const loadingSeen = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${SUMMARY}`, async (route) => {
      await loadingSeen;
      await route.continue();
    });
    await page.goto('/dashboard/summary');
    await expect(page.getByText('Loading summary data...')).toBeVisible();
    release();
    await expect(page.getByTestId('summary-card-janazah')).toBeVisible();
    await page.unroute(`**${SUMMARY}`);
    await expect(page.getByTestId(/^summary-card-/)).toHaveCount(8);
    await expect(page.getByTestId('summary-card-telegram')).toContainText(
      /Last updated: \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}:\d{2}/,
    );
    await expectCardsToMatchDatabase(page);
    const before = countedInDatabase();

    const masjid = await page.request.post('/api/v1/admin/members/un', {
      data: {
        fName: 'Masjid',
        lName: 'Al-Istiqamah',
        email: `office.${randomUUID().slice(0, 8)}@istiqamah.example.sg`,
        postal: '417627',
        position: 'masjid',
        businessName: 'Masjid Al-Istiqamah',
        contact: '67457005',
      },
    });
    expect(masjid.status()).toBe(200);
    const masjidId = (await masjid.json()).data._id as string;
    const notice = await page.request.post('/api/v1/admin/notifications/janaza', {
      data: {
        provider: masjidId,
        name: 'Hajjah Rokiah binte Ahmad',
        age: 81,
        postal: '417627',
        dueDate: new Date(Date.now() + 4 * 3600_000).toISOString(),
      },
    });
    expect(notice.status()).toBe(201);
    const event = await page.request.post('/api/v1/admin/events', {
      data: {
        heading: 'Family Day at the Masjid',
        headingTa: 'பள்ளிவாசலில் குடும்ப தினம்',
        dateTime: new Date(Date.now() + 9 * 86400_000).toISOString(),
      },
    });
    expect(event.status()).toBe(201);
    // Public sign-up comes with the delivery engine; the subscriber is written as sign-up will write it.
    const subscriberId = randomUUID();
    const db = database();
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO subscribers (id, channel, address, topic_janaza, topic_events, language, confirmed, active, created_at, updated_at)
       VALUES (?, 'telegram', ?, 1, 1, 'ta', 1, 1, ?, ?)`,
    ).run(subscriberId, String(Date.now()), now, now);
    db.close();

    await expectCardsToMatchDatabase(page);
    const created = countedInDatabase();
    expect(created.janazah).toBe(before.janazah + 1);
    expect(created.events).toBe(before.events + 1);
    expect(created['members.masjids']).toBe(before['members.masjids'] + 1);
    expect(created.telegram).toBe(before.telegram + 1);

    expect(
      (await page.request.delete(`/api/v1/admin/notifications/janaza/${(await notice.json()).data._id}`)).status(),
    ).toBe(200);
    expect((await page.request.delete(`/api/v1/admin/events/${(await event.json()).data._id}`)).status()).toBe(200);
    expect((await page.request.delete(`/api/v1/admin/members/un/${masjidId}`)).status()).toBe(200);
    const deactivated = await page.request.post('/api/v1/admin/ummahnotify/updateuser', {
      multipart: { id: subscriberId, active: 'false' },
    });
    expect(deactivated.status()).toBe(200);

    await expectCardsToMatchDatabase(page);
    expect(countedInDatabase()).toEqual(before);
  });

  test('the cards link to their sections', async ({ page }) => {
    await signIn(page, superadmin);
    for (const [card, path] of [
      ['janazah', '/dashboard/janaza-notifications'],
      ['events', '/dashboard/events'],
      ['members', '/dashboard/members'],
      ['administrators', '/dashboard/committee-members'],
    ] as const) {
      await page.goto('/dashboard/summary');
      await page.getByTestId(`summary-card-${card}`).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${path}(/|$)`));
    }
    await page.goto('/dashboard/summary');
    for (const card of ['web', 'email', 'whatsapp', 'telegram'])
      await expect(page.getByTestId(`summary-card-${card}`).getByRole('link')).toHaveCount(0);
  });

  test('in Tamil on a 390 px phone, every card is readable and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, superadmin);
    await page.goto('/dashboard/summary');
    await expect(page.getByTestId('summary-card-janazah')).toBeVisible();
    await page.getByText('தமிழ்', { exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'சுருக்கம்' })).toBeVisible();
    await expect(page.getByTestId('summary-card-janazah')).toContainText('ஜனாஸா அறிவிப்புகள்');
    await expect(page.getByTestId('summary-card-administrators')).toContainText('நிர்வாகப் பயனர்கள்');
    await expect(page.getByTestId('summary-card-email')).toContainText('கடைசியாகப் புதுப்பிக்கப்பட்டது');
    await expectCardsToMatchDatabase(page);
    for (const card of await page.getByTestId(/^summary-card-/).all()) {
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('a failed load shows a clear error, and Retry loads the summary', async ({ page }) => {
    await signIn(page, superadmin);
    let failures = 2; // the query client retries once by itself
    await page.route(`**${SUMMARY}`, (route) =>
      failures-- > 0
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 500, message: 'Something went wrong on our side. Please try again.' }),
          })
        : route.continue(),
    );
    await page.goto('/dashboard/summary');
    await expect(page.getByText('Could not load the summary.')).toBeVisible();
    await expect(page.getByText('Something went wrong on our side. Please try again.')).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId(/^summary-card-/)).toHaveCount(8);
  });

  for (const rights of ['admin', 'editor'] as const) {
    test(`an ${rights} gets 403 from the summary and the ummahnotify routes`, async ({ page }) => {
      await signIn(page, person(rights));
      for (const path of [SUMMARY, ...UMMAHNOTIFY]) expect((await page.request.get(path)).status(), path).toBe(403);
      const update = await page.request.post('/api/v1/admin/ummahnotify/updateuser', {
        multipart: { id: randomUUID(), language: 'ta' },
      });
      expect(update.status()).toBe(403);
    });
  }
});

test.describe('the activity log (summary section, Activity tab)', () => {
  const AUDIT = '/api/v1/admin/audit';

  test('lists who did what and when; filters by person and kind; "Load more" brings the next page', async ({
    page,
    browser,
  }) => {
    // An admin signs in, creates a janaza notice and approves it (Notify Now!).
    const admin = person('admin', 'Hafiz');
    const staff = await browser.newContext({ extraHTTPHeaders: { origin: SERVER_URL } });
    const adminPage = await staff.newPage();
    await signIn(adminPage, admin);
    const masjid = {
      id: randomUUID(),
      name: 'Masjid Al-Falah',
      lastName: 'Al-Falah',
      postal: '238164',
      contact: '62353172',
    };
    insertMasjid(masjid);
    const created = await adminPage.request.post('/api/v1/admin/notifications/janaza', {
      data: {
        provider: masjid.id,
        name: 'Haji Jamaluddin bin Yusof',
        age: 77,
        postal: '238164',
        dueDate: new Date(Date.now() + 6 * 3600_000).toISOString(),
      },
    });
    expect(created.status()).toBe(201);
    const noticeId = (await created.json()).data._id as string;
    const approved = await adminPage.request.patch(`/api/v1/admin/notifications/janaza/${noticeId}`, {
      data: { status: 'approved' },
    });
    expect(approved.status()).toBe(200);
    // An admin may not read the log.
    expect((await adminPage.request.get(AUDIT)).status()).toBe(403);
    await staff.close();

    // Thirty older sign-ins of the same admin, so the filtered list has a second page.
    const db = database();
    const adminId = (db.prepare('SELECT id FROM users WHERE email = ?').get(admin.email) as { id: string }).id;
    const insert = db.prepare(
      `INSERT INTO audit_log (id, actor_id, action, entity, entity_id, before, after, at)
       VALUES (?, ?, 'user.signed-in', 'user', ?, NULL, NULL, ?)`,
    );
    for (let i = 1; i <= 30; i++)
      insert.run(randomUUID(), adminId, adminId, new Date(Date.now() - i * 86400_000).toISOString());
    db.close();

    await signIn(page, superadmin);
    await page.goto('/dashboard/summary');
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\/dashboard\/summary\/activity$/);
    const log = page.getByTestId('activity-log');
    await expect(log.getByTestId('activity-entry').first()).toBeVisible();

    // Typed, not scrolled to: with every spec's accounts in one database the list is long and virtual.
    const personFilter = log.getByRole('combobox', { name: 'Person' });
    await personFilter.click();
    await personFilter.fill(admin.email);
    await page.getByTitle(`Hafiz Tester (${admin.email})`).click();
    const entries = log.getByTestId('activity-entry');
    // The approval: the notice's edit and its review, written together (either first).
    const approval = entries.filter({ hasText: 'Approved a janaza notice (Notify Now!)' });
    await expect(approval).toHaveCount(1);
    await expect(approval).toContainText('Haji Jamaluddin bin Yusof');
    await expect(approval).toContainText('Hafiz Tester');
    await expect(entries.nth(2)).toContainText('Created a janaza notice');
    await expect(entries.nth(3)).toContainText('Signed in');
    await expect(entries).toHaveCount(25);
    await log.getByRole('button', { name: 'Load more' }).click();
    // the sign-in, the create, the approval (edit and review) and thirty older sign-ins (the account was granted ahead)
    await expect(entries).toHaveCount(34);
    await expect(log.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    await log.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByTitle('Approvals').click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Approvals');
    await log.getByRole('button', { name: 'Clear filters' }).click();
    await expect(entries.first()).toBeVisible();
  });

  test('in Tamil on a 390 px phone: one card per entry, nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, superadmin);
    await page.goto('/dashboard/summary/activity');
    await expect(page.getByTestId('activity-entry').first()).toBeVisible();
    await page.getByText('தமிழ்', { exact: true }).first().click();
    await expect(page.getByRole('tab', { name: 'செயல்பாடுகள்' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('activity-log')).toContainText('யார் எதை எப்போது');
    await expect(page.getByTestId('activity-entry').first()).toContainText(/உள்நுழைந்தார்|உருவாக்கினார்|ஒப்புக்கொண்டார்/);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
