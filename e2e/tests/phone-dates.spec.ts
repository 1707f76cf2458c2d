import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Prayer } from '@ummahnotify/core';
import { catalogues, JANAZA_PATHS } from '@ummahnotify/domain';
import { PRAYER_NAMES, STAFF_OUTCOMES } from '../../shared/domain/test/expected-texts';
import { SERVER_URL } from '../support/env';
import { insertMasjid, person, signIn } from '../support/fixtures';
import { animationsSettled } from '../support/motion';

/**
 * Dates on a phone: the janaza and event date pickers open inside the screen at 320, 390 and
 * 430 px; a Sunday janaza time and an event date are picked by taps alone and saved; both forms take the
 * same typed date (DD-MM-YYYY HH:mm, and the ISO order), refuse a text that is not one by name, and ask
 * before saving a time that has passed.
 */
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: { origin: SERVER_URL },
});

const j = catalogues.janaza.en;
const e = catalogues.events.en;
const PROVIDER = { id: randomUUID(), name: `Masjid Al-Muttaqin ${randomUUID().slice(0, 4)}`, contact: '64567890' };
const NOTICES = '/api/v1/admin/notifications/janaza';
const EVENTS = '/api/v1/admin/events';
const REFUSAL =
  '"next friday" is not a date and time. Type it as day-month-year and 24-hour time, e.g. 25-11-2026 10:00, or pick it.';

test.beforeAll(() =>
  insertMasjid({ id: PROVIDER.id, name: PROVIDER.name, lastName: 'Muttaqin', postal: '560123', contact: '64567890' }),
);

/** The first Sunday of next month (Singapore), as the picker shows it and as its parts. */
function nextMonthsFirstSunday(): { shown: string; iso: string; day: number } {
  const today = new Date(Date.now() + 8 * 3600_000); // Singapore's calendar date, read in UTC
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  const sunday = new Date(first.getTime() + ((7 - first.getUTCDay()) % 7) * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const [y, m, d] = [sunday.getUTCFullYear(), two(sunday.getUTCMonth() + 1), two(sunday.getUTCDate())];
  return { shown: `${d}-${m}-${y}`, iso: `${y}-${m}-${d}`, day: sunday.getUTCDate() };
}

const openPopup = (page: Page) => page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

/** The popup's box and its edge buttons lie inside the viewport, Sunday's column too. */
async function expectInsideViewport(page: Page, popup: Locator) {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const inside = async (what: Locator, name: string) => {
    const box = await what.boundingBox();
    expect(box, `${name} is drawn`).not.toBeNull();
    if (!box) return;
    expect(box.x, `${name} left edge at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.y, `${name} top edge at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} right edge at ${width} px`).toBeLessThanOrEqual(width + 0.5);
    expect(box.y + box.height, `${name} bottom edge at ${width} px`).toBeLessThanOrEqual(height + 0.5);
  };
  await inside(popup, 'the popup');
  await inside(popup.locator('.ant-picker-header-super-prev-btn').first(), 'previous year');
  await inside(popup.locator('.ant-picker-header-prev-btn').first(), 'previous month');
  await inside(popup.locator('.ant-picker-date-panel thead th').first(), 'the first weekday column');
}

/** Taps the next-month button, then the given day of that month, by touch alone. */
async function tapDay(popup: Locator, day: number) {
  await popup.locator('.ant-picker-header-next-btn').first().tap();
  const cell = popup.locator('td.ant-picker-cell-in-view').filter({ hasText: new RegExp(`^${day}$`) });
  // Sunday's column: the weekday header above the cell says so.
  const column = await cell.evaluate((td) => (td as HTMLTableCellElement).cellIndex);
  await expect(popup.locator('.ant-picker-date-panel thead th').nth(column)).toHaveText('Su');
  await cell.tap();
}

/** Taps an hour and a minute in the sheet's time columns, then OK. */
async function tapTime(page: Page, popup: Locator, hour: string, minute: string) {
  const columns = popup.locator('.ant-picker-time-panel-column');
  await columns
    .nth(0)
    .locator('li')
    .filter({ hasText: new RegExp(`^${hour}$`) })
    .tap();
  await columns
    .nth(1)
    .locator('li')
    .filter({ hasText: new RegExp(`^${minute}$`) })
    .tap();
  await popup.getByRole('button', { name: 'OK' }).tap();
  await expect(openPopup(page)).toHaveCount(0);
}

async function openJanazaForm(page: Page) {
  await page.goto('/dashboard/janaza-notifications/create');
  await expect(page.getByRole('heading', { name: STAFF_OUTCOMES.janaza.createTitle.en })).toBeVisible();
  await page.getByLabel(j['timeKind.exact'], { exact: true }).tap();
  return page.getByPlaceholder(j['field.dueDatePlaceholder']);
}

async function fillJanaza(page: Page, name: string) {
  await page.getByRole('combobox', { name: j['field.provider'] }).tap();
  await page.getByTitle(PROVIDER.name).tap();
  await page.getByLabel(j['field.name'], { exact: true }).fill(name);
  await page.getByLabel(j['field.age'], { exact: true }).fill('80');
  await page.getByLabel(j['field.postal'], { exact: true }).fill('560123');
}

async function openEventForm(page: Page) {
  await page.goto('/dashboard/events/create');
  await page.getByRole('button', { name: e['form.openEmpty'] }).tap();
  return page.getByPlaceholder(e['field.dateTimePlaceholder']);
}

async function fillEvent(page: Page, heading: string) {
  await page.getByLabel(e['field.heading'], { exact: true }).fill(heading);
  await page.getByLabel(e['field.headingTa'], { exact: true }).fill(`${heading} (த)`);
}

async function noticeNamed(page: Page, name: string) {
  const answer = await page.request.get(`${NOTICES}?q=${encodeURIComponent(name)}`);
  return ((await answer.json()).data as { name: string; dueDate: string }[]).filter((n) => n.name === name);
}

async function eventsHeaded(page: Page, heading: string) {
  const answer = await page.request.get(EVENTS);
  return ((await answer.json()).events as { heading: string; dateTime: string }[]).filter((x) => x.heading === heading);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, person('admin', 'Hafiz'));
});

test('the janaza and event pickers open inside the screen at 320, 390 and 430 px', async ({ page }) => {
  for (const [form, open] of [
    ['janaza', openJanazaForm],
    ['event', openEventForm],
  ] as const) {
    const field = await open(page);
    for (const width of [320, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      await field.tap();
      const popup = openPopup(page);
      await expect(popup, `the ${form} picker opens at ${width} px`).toBeVisible();
      await expectInsideViewport(page, popup);
      await page.keyboard.press('Escape');
      await expect(popup).toHaveCount(0);
    }
    await page.setViewportSize({ width: 390, height: 844 });
  }
});

test('a Sunday janaza time picked by taps alone is saved as that Singapore time', async ({ page }) => {
  const sunday = nextMonthsFirstSunday();
  const name = `Haji Tap ${randomUUID().slice(0, 6)}`;
  const due = await openJanazaForm(page);
  await fillJanaza(page, name);
  await due.tap();
  const popup = openPopup(page);
  await tapDay(popup, sunday.day);
  await tapTime(page, popup, '10', '30');
  await expect(due).toHaveValue(`${sunday.shown} 10:30`);
  await page.getByRole('button', { name: j.saveNotification }).tap();
  await expect(page.getByText(STAFF_OUTCOMES.janaza.created.en)).toBeVisible();
  const saved = await noticeNamed(page, name);
  expect(saved).toHaveLength(1);
  // 10:30 in Singapore is 02:30 UTC.
  expect(saved[0].dueDate).toBe(`${sunday.iso}T02:30:00.000Z`);
});

test('an event date picked by taps alone is saved', async ({ page }) => {
  const sunday = nextMonthsFirstSunday();
  const heading = `Tapped Family Day ${randomUUID().slice(0, 6)}`;
  const when = await openEventForm(page);
  await fillEvent(page, heading);
  await when.tap();
  const popup = openPopup(page);
  await tapDay(popup, sunday.day);
  await tapTime(page, popup, '19', '45');
  await expect(when).toHaveValue(`${sunday.shown} 19:45`);
  await page.getByRole('button', { name: e['form.submit'] }).tap();
  await expect(page.getByText(e['toast.created'])).toBeVisible();
  const saved = await eventsHeaded(page, heading);
  expect(saved.map((x) => x.dateTime)).toEqual([`${sunday.iso}T11:45:00.000Z`]);
});

for (const [form, open, fill, saveButton] of [
  ['janaza form', openJanazaForm, fillJanaza, j.saveNotification],
  ['event form', openEventForm, fillEvent, e['form.submit']],
] as const) {
  test(`the ${form} takes a typed date in both orders and refuses one that is not a date by name`, async ({ page }) => {
    const field = await open(page);
    await fill(page, `Typed ${randomUUID().slice(0, 6)}`);
    await field.fill('2026-11-25 10:00');
    await field.press('Tab');
    await expect(field).toHaveValue('25-11-2026 10:00');

    await field.fill('next friday');
    await field.press('Tab');
    await expect(page.getByText(REFUSAL)).toBeVisible();
    await page.getByRole('button', { name: saveButton }).tap();
    await expect(page.getByText(REFUSAL)).toBeVisible();
    await expect(
      page.getByText(form === 'janaza form' ? j['error.dueDateRequired'] : e['error.dateTimeRequired']),
    ).toHaveCount(0);

    // Typed again as the form shows it, the date is taken and the refusal goes.
    await field.fill('25-11-2026 10:00');
    await field.press('Tab');
    await expect(field).toHaveValue('25-11-2026 10:00');
    await expect(page.getByText(REFUSAL)).toHaveCount(0);
  });
}

test('a janaza time that has passed is asked about before saving: back saves nothing, "Save anyway" saves it', async ({
  page,
}) => {
  const name = `Haji Past ${randomUUID().slice(0, 6)}`;
  const due = await openJanazaForm(page);
  await fillJanaza(page, name);
  await due.fill('25-11-2026 10:00');
  await due.press('Tab');
  await page.getByRole('button', { name: j.saveNotification }).tap();
  const dialog = page.getByRole('dialog').filter({ hasText: j['past.title'] });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('(25-11-2026 10:00) has already passed');
  await animationsSettled(page);
  await dialog.getByRole('button', { name: j['past.back'] }).tap();
  await expect(dialog).toHaveCount(0);
  expect(await noticeNamed(page, name)).toHaveLength(0);

  await page.getByRole('button', { name: j.saveNotification }).tap();
  await expect(dialog).toBeVisible();
  await animationsSettled(page);
  await page.getByRole('dialog').getByRole('button', { name: j['past.save'] }).tap();
  await expect(page.getByText(STAFF_OUTCOMES.janaza.created.en)).toBeVisible();
  expect((await noticeNamed(page, name)).map((n) => n.dueDate)).toEqual(['2026-11-25T02:00:00.000Z']);
});

test('a janaza after a prayer today whose time has passed is asked about, its time as the server computes it', async ({
  page,
}) => {
  // The browser's clock is frozen at 14:00 in Singapore on a fixed day, so Zohor of that day has passed
  // whatever the hour this test runs at; the server says when Zohor was (its prayer-time API).
  const today = '2026-11-25';
  const frozenNow = Date.parse('2026-11-25T14:00:00+08:00');
  const prayer: Prayer = 'zohor';
  const answer = await page.request.get(`${JANAZA_PATHS.prayerTime}?prayer=${prayer}&prayerDate=${today}`);
  expect(answer.status()).toBe(200);
  const { dueDate } = (await answer.json()).data as { dueDate: string };
  expect(Date.parse(dueDate)).toBeLessThan(frozenNow);
  await page.clock.setFixedTime(frozenNow);
  const name = `Haji Today ${randomUUID().slice(0, 6)}`;
  await page.goto('/dashboard/janaza-notifications/create');
  await expect(page.getByRole('heading', { name: STAFF_OUTCOMES.janaza.createTitle.en })).toBeVisible();
  await fillJanaza(page, name);
  const day = page.getByPlaceholder(j['field.prayerDatePlaceholder']);
  await day.fill(today.split('-').reverse().join('-'));
  await day.press('Tab');
  const prayerName = PRAYER_NAMES[prayer].en;
  await page.getByLabel(`After ${prayerName}`, { exact: true }).tap();
  await page.getByRole('button', { name: j.saveNotification }).tap();
  const dialog = page.getByRole('dialog').filter({ hasText: j['past.title'] });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`after ${prayerName} (about`);
  await dialog.getByRole('button', { name: j['past.back'] }).tap();
  await expect(dialog).toHaveCount(0);
  expect(await noticeNamed(page, name)).toHaveLength(0);
});

test('an event time that has passed is asked about before saving', async ({ page }) => {
  const heading = `Past Talk ${randomUUID().slice(0, 6)}`;
  const when = await openEventForm(page);
  await fillEvent(page, heading);
  await when.fill('25-11-2026 10:00');
  await when.press('Tab');
  await page.getByRole('button', { name: e['form.submit'] }).tap();
  const dialog = page.getByRole('dialog').filter({ hasText: e['past.title'] });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('(25-11-2026 10:00) is in the past');
  await animationsSettled(page);
  await dialog.getByRole('button', { name: e['past.back'] }).tap();
  expect(await eventsHeaded(page, heading)).toHaveLength(0);
  await page.getByRole('button', { name: e['form.submit'] }).tap();
  await expect(dialog).toBeVisible();
  await animationsSettled(page);
  await page.getByRole('dialog').getByRole('button', { name: e['past.save'] }).tap();
  await expect(page.getByText(e['toast.created'])).toBeVisible();
  expect((await eventsHeaded(page, heading)).map((x) => x.dateTime)).toEqual(['2026-11-25T02:00:00.000Z']);
});
