import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { FEED_ANCHOR, noticeLink } from '@ummahnotify/core';
import { catalogues } from '@ummahnotify/domain';
import { PRAYER_NAMES, STAFF_OUTCOMES } from '../../shared/domain/test/expected-texts';
import { enterDate } from '../support/date-field';
import { SERVER_URL } from '../support/env';
import { insertMasjid, person, signIn } from '../support/fixtures';

test.use({ extraHTTPHeaders: { origin: SERVER_URL } });

/**
 * The prayer-tied time (docs/product/rules.md#janaza-notice), as a new user would: a notice "after Asar" tomorrow made in the form, then the list,
 * the landing page card (time as people say it, the place with a map link) and its .ics, in both languages.
 */
const NOTICES = '/api/v1/admin/notifications/janaza';
const PROVIDER = { id: randomUUID(), name: `Masjid Abdul Gafoor ${randomUUID().slice(0, 4)}`, contact: '62954209' };
const j = catalogues.janaza.en;

/** Tomorrow in Singapore, as the form's day picker shows it (DD-MM-YYYY) and as YYYY-MM-DD. */
function tomorrow(): { shown: string; iso: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(
    new Date(Date.now() + 86_400_000),
  );
  const [y, m, d] = iso.split('-');
  return { shown: `${d}-${m}-${y}`, iso };
}

test.beforeAll(() =>
  insertMasjid({
    id: PROVIDER.id,
    name: PROVIDER.name,
    lastName: 'Gafoor',
    postal: '209369',
    contact: PROVIDER.contact,
  }),
);

test('a notice after Asar tomorrow: the form, the list, the landing page card and its .ics', async ({ page }) => {
  await signIn(page, person('admin'));
  await page.goto('/dashboard/janaza-notifications/create');
  await page.getByRole('combobox', { name: j['field.provider'] }).click();
  await page.getByTitle(PROVIDER.name).click();
  const name = `Haji Prayer ${randomUUID().slice(0, 6)}`;
  await page.getByLabel(j['field.name'], { exact: true }).fill(name);
  await page.getByLabel(j['field.age'], { exact: true }).fill('77');
  await page.getByLabel(j['field.postal'], { exact: true }).fill('209369');
  await expect(page.getByLabel(j['timeKind.prayer'], { exact: true })).toBeChecked();
  const day = page.getByPlaceholder(j['field.prayerDatePlaceholder']);
  await enterDate(day, tomorrow().shown);
  await page.getByLabel('After Asar', { exact: true }).check();
  await page.getByRole('button', { name: j.saveNotification }).click();
  await expect(page.getByText(STAFF_OUTCOMES.janaza.created.en)).toBeVisible();

  const res = await page.request.get(`${NOTICES}?q=${encodeURIComponent(name)}`);
  const [created] = (await res.json()).data;
  expect(created).toMatchObject({ name, prayer: 'asar', postal: '209369' });
  // Asar in Singapore is between 3:30 and 4:45 pm all year.
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Singapore', timeStyle: 'short' }).format(
    new Date(created.dueDate),
  );
  expect(local >= '15:30' && local <= '16:45', local).toBe(true);

  await page.getByRole('tab', { name: j['tab.edit'] }).click();
  await page.getByRole('textbox', { name: j.search }).fill(name);
  await expect(page.locator('tbody tr').filter({ hasText: name })).toContainText(/after Asar \(about \d:\d\d\s?pm\)/);

  expect((await page.request.patch(`${NOTICES}/${created._id}`, { data: { status: 'approved' } })).status()).toBe(200);
  // The link a message carries: a chat's link fetcher reads the notice's preview, a browser sees its card.
  const link = noticeLink(created._id, 'en');
  const preview = await (await page.request.get(link, { headers: { 'user-agent': 'WhatsApp/2.24.1.6 A' } })).text();
  expect(preview).toContain(`<meta property="og:title" content="Janaza: ${name}">`);
  await page.goto(link);
  // The page holds a frame per language, each with the card (its id in the English frame only): the one on screen.
  const card = page.locator(`[data-anchor="${FEED_ANCHOR.janaza(created._id)}"]:visible`);
  await expect(card).toBeInViewport();
  await expect(card).toContainText(/Prayer: \w+day, \d+ \w+ \d{4}, after Asar \(about \d:\d\d\s?pm\)/);
  await expect(card).toContainText(`Place: ${PROVIDER.name}, Singapore 209369`);
  await expect(card.getByRole('link', { name: 'Map of Singapore 209369' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=Singapore+209369',
  );
  const ics = await (await page.request.get(`/api/public/feed/janaza/${created._id}.ics`)).text();
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`LOCATION:${PROVIDER.name}\\, Singapore 209369`);

  await page.getByText('தமிழ்', { exact: true }).first().click();
  await expect(card).toContainText(`${PRAYER_NAMES.asar.ta} தொழுகைக்குப் பின் (ஏறக்குறைய`);
  await expect(card).toContainText(`${PROVIDER.name}, சிங்கப்பூர் 209369`);
  await expect(card.getByRole('link', { name: 'சிங்கப்பூர் 209369 வரைபடம்' })).toBeVisible();
});
