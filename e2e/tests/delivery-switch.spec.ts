import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { SERVER_URL, SUPERADMIN_EMAIL } from '../support/env';
import { signIn } from '../support/fixtures';
import { animationsSettled } from '../support/motion';

test.use({ extraHTTPHeaders: { origin: SERVER_URL } });

const superadmin = { email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Rahman' };

function database(): Database.Database {
  const db = new Database(join(process.env.UN_E2E_DATA as string, 'server', 'ummahnotify.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}
const switches = () => {
  const db = database();
  const rows = db.prepare('SELECT scope, reason FROM delivery_switch ORDER BY scope').all();
  db.close();
  return rows;
};

/** SWITCH_SHOTS=<folder>: the card is pictured there as well (for people to look at; nothing compares them). */
async function picture(page: Page, name: string) {
  const folder = process.env.SWITCH_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.getByTestId('delivery-channels-card').screenshot({ path: join(folder, `${name}.png`) });
}

// The other tests share this server: whatever happens here, delivery is on again after each test.
test.afterEach(() => {
  const db = database();
  db.prepare('DELETE FROM delivery_switch').run();
  db.close();
});

test.describe('the delivery switch on the summary', () => {
  test('a superadmin pauses all delivery with a reason, by keyboard, sees the banner, and resumes it', async ({
    page,
  }) => {
    await signIn(page, superadmin);
    await page.goto('/dashboard/summary');
    const card = page.getByTestId('delivery-channels-card');
    await expect(card.getByTestId('delivery-channel-webpush')).toContainText('On');
    await picture(page, 'running-en-1280');

    await card.getByRole('button', { name: 'Pause delivery…' }).focus();
    await page.keyboard.press('Enter');
    const form = card.getByTestId('delivery-switch-form');
    // the reason field takes the focus; with no reason the form refuses in the browser
    await expect(form.getByLabel('Reason')).toBeFocused();
    await form.getByRole('button', { name: 'Pause' }).click();
    await expect(form).toContainText('Give the reason for the pause.');
    expect(switches()).toEqual([]);

    await form.getByLabel('Reason').fill('Database maintenance tonight');
    await page.keyboard.press('Tab'); // past the field to "Pause"
    await expect(form.getByRole('button', { name: 'Pause' })).toBeFocused();
    await page.keyboard.press('Enter');
    const banner = card.getByTestId('delivery-switch-banner');
    await expect(banner).toContainText('Delivery is paused on all channels');
    await expect(banner).toContainText('All channels: “Database maintenance tonight”, by Aisha Rahman, since');
    await expect(banner).toContainText(
      'Paused time still counts against janaza prayer times: a pending janaza message not sent by its prayer time expires',
    );
    await expect(card.getByTestId('delivery-channel-webpush')).toContainText('Paused');
    expect(switches()).toEqual([{ scope: 'all', reason: 'Database maintenance tonight' }]);
    await picture(page, 'paused-en-1280');

    await page.goto('/dashboard/summary/activity');
    await expect(page.getByTestId('activity-log')).toContainText('Paused delivery');
    await expect(page.getByTestId('activity-log')).toContainText('all: Database maintenance tonight');

    await page.goto('/dashboard/summary');
    await banner.getByRole('button', { name: 'Resume (All channels)' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tooltip')).toBeVisible();
    await animationsSettled(page);
    await page.getByRole('tooltip').getByRole('button', { name: 'Resume' }).click();
    await expect(banner).toHaveCount(0);
    await expect(card.getByTestId('delivery-channel-webpush')).toContainText('On');
    expect(switches()).toEqual([]);
  });

  test('in Tamil on a 390 px phone: the banner and its Resume, and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, superadmin);
    await page.goto('/dashboard/summary');
    const card = page.getByTestId('delivery-channels-card');
    await expect(card.getByTestId('delivery-channel-webpush')).toBeVisible();
    await picture(page, 'running-en-390');
    await page.getByText('தமிழ்', { exact: true }).first().click();
    await expect(card).toContainText('அனுப்பும் வழிகள்');
    await picture(page, 'running-ta-390');

    await card.getByRole('button', { name: 'அனுப்புதலை இடைநிறுத்து…' }).click();
    const form = card.getByTestId('delivery-switch-form');
    await form.getByLabel('காரணம்').fill('சேவை வழங்குநர் கோளாறு');
    await form.getByRole('button', { name: 'இடைநிறுத்து' }).click();
    const banner = card.getByTestId('delivery-switch-banner');
    await expect(banner).toContainText('எல்லா வழிகளிலும் செய்தி அனுப்புதல் இடைநிறுத்தப்பட்டுள்ளது');
    await expect(banner).toContainText('இடைநிறுத்த நேரமும் ஜனாஸா தொழுகை நேரத்திற்குள் கணக்கிடப்படும்');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await banner.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await picture(page, 'paused-ta-390');
    await page.getByText('English', { exact: true }).first().click();
    await expect(banner).toContainText('Delivery is paused on all channels');
    await picture(page, 'paused-en-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByText('தமிழ்', { exact: true }).first().click();
    await expect(banner).toContainText('எல்லா வழிகளிலும்');
    await picture(page, 'paused-ta-1280');
    await banner.getByRole('button', { name: 'மீண்டும் தொடங்கு (எல்லா வழிகளும்)' }).click();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await animationsSettled(page);
    await page.getByRole('tooltip').getByRole('button', { name: 'மீண்டும் தொடங்கு' }).click();
    await expect(banner).toHaveCount(0);
    await picture(page, 'running-ta-1280');
    expect(switches()).toEqual([]);
  });
});
