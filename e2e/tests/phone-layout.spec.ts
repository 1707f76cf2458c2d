import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { catalogues } from '@ummahnotify/domain';
import { PORT_BASE } from '../support/env';
import { signInAs } from '../support/fixtures';
import { type BoxReport, probeBox } from '../support/layout-probe';
import { animationsSettled } from '../support/motion';
import { STAFF, startScreensServer } from '../support/screens-data';

/**
 * On a touch phone: every card and form of the four sections inside its box and uncut in English and
 * Tamil at 320, 390 and 430 px, tap targets of at least 40 px at 390 px, the committee table (and the others) at
 * 1280 px without a sideways scroll, a refused upload that leaves only its error, and /login with a staff session.
 * A server of its own with the screenshot walk's fixed data, so what is measured is the same whatever ran before.
 */
const PORT = PORT_BASE + 140;
const URL = `http://127.0.0.1:${PORT}`;
const MIN_TARGET = 40;
const LANGUAGES = ['en', 'ta'] as const;
type Language = (typeof LANGUAGES)[number];

/** A touch phone: Chromium's mobile viewport, touch events, 390 x 844 unless said otherwise. */
const phone = (width: number) => ({
  viewport: { width, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
});

interface Walked {
  path: string;
  /** The boxes measured: the cards of a list (cards inside the section's own card) or a create form. */
  boxes: string;
  /** Opens what the page shows only on demand (the events form without a poster). */
  open?: (page: Page, lang: Language) => Promise<void>;
}

const CARDS = '.ant-card .ant-card';
const DIALOG = '.ant-modal-container';

/** A member's details (the first Nurul of the list), once the dialog has finished opening. */
async function openMemberDetails(page: Page, lang: Language) {
  await page
    .getByRole('button', { name: new RegExp(`^${catalogues.members[lang].viewToEdit}: Nurul`) })
    .first()
    .tap();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await animationsSettled(page);
}
const WALK: Walked[] = [
  { path: '/dashboard/summary', boxes: CARDS },
  { path: '/dashboard/summary/activity', boxes: CARDS },
  { path: '/dashboard/janaza-notifications/create', boxes: 'form' },
  { path: '/dashboard/janaza-notifications/edit', boxes: CARDS },
  {
    path: '/dashboard/events/create',
    boxes: `${CARDS}, form`,
    open: async (page, lang) => {
      await page.getByRole('button', { name: catalogues.events[lang]['form.openEmpty'] }).click();
      await expect(page.locator('form')).toBeVisible();
    },
  },
  { path: '/dashboard/events/edit', boxes: CARDS },
  { path: '/dashboard/members/create', boxes: 'form' },
  { path: '/dashboard/members/edit', boxes: CARDS },
  { path: '/dashboard/members/edit', boxes: DIALOG, open: openMemberDetails },
  {
    path: '/dashboard/members/edit',
    boxes: DIALOG,
    open: async (page, lang) => {
      await openMemberDetails(page, lang);
      await page.getByRole('dialog').getByText(catalogues.members[lang].editToggle, { exact: true }).tap();
      await expect(page.getByRole('dialog').locator('form')).toBeVisible();
    },
  },
  { path: '/dashboard/committee-members/create', boxes: 'form' },
  { path: '/dashboard/committee-members/edit', boxes: CARDS },
];

let server: Awaited<ReturnType<typeof startScreensServer>>['server'];

test.beforeAll(async ({ browser }) => {
  const started = await startScreensServer(browser, PORT, 'phone');
  server = started.server;
  await started.page.context().close();
});

test.afterAll(async () => {
  await server?.stop();
});

async function newContext(
  browser: Browser,
  lang: Language,
  device: ReturnType<typeof phone> | { viewport: { width: number; height: number } },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: URL, reducedMotion: 'reduce', ...device });
  await context.addInitScript((language) => localStorage.setItem('ummahnotify.language', language), lang);
  return context;
}

/** The section has loaded (its build line shows), with its data: no spinner, no skeleton, fonts in. */
async function settle(page: Page) {
  await expect(page.getByTestId('section-build')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Every box of the page, measured; the report names the page and the box. */
async function measure(page: Page, walked: Walked, minTarget: number) {
  const boxes = page.locator(walked.boxes);
  const count = await boxes.count();
  expect(count, `${walked.path} has something to measure`).toBeGreaterThan(0);
  const found: Record<keyof BoxReport, string[]> = { outside: [], cut: [], small: [] };
  for (let i = 0; i < count; i++) {
    const report = await probeBox(boxes.nth(i), minTarget);
    for (const key of Object.keys(found) as (keyof BoxReport)[]) {
      found[key].push(...report[key].map((line) => `${walked.path} box ${i + 1}: ${line}`));
    }
  }
  return { ...found, boxes: count };
}

for (const lang of LANGUAGES) {
  for (const width of [320, 390, 430]) {
    test(`${lang}, ${width} px touch: every card and form inside its box, nothing cut${width === 390 ? ', targets 40 px' : ''}`, async ({
      browser,
    }) => {
      const context = await newContext(browser, lang, phone(width));
      const page = await context.newPage();
      await signInAs(page, STAFF.superadmin);
      const problems: string[] = [];
      let boxes = 0;
      let targets = 0;
      for (const walked of WALK) {
        await page.goto(walked.path);
        await settle(page);
        await walked.open?.(page, lang);
        // No page scrolls sideways, whatever is inside it.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), walked.path).toBeLessThanOrEqual(width);
        const found = await measure(page, walked, width === 390 ? MIN_TARGET : 0);
        boxes += found.boxes;
        problems.push(...found.outside.map((p) => `outside: ${p}`), ...found.cut.map((p) => `cut: ${p}`));
        if (width === 390) problems.push(...found.small.map((p) => `small target: ${p}`));
        targets += await page.locator(walked.boxes).locator('button, .ant-select, .ant-picker, input, a[href]').count();
      }
      test.info().annotations.push({ type: 'measured', description: `${boxes} boxes, ${targets} controls` });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

/** The sideways scrollers of a page's tables: an antd table body wider than its box. */
async function tableScrollers(page: Page) {
  return page.locator('.ant-table').evaluateAll((tables) =>
    tables.flatMap((table) =>
      Array.from(table.querySelectorAll<HTMLElement>('*'))
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth} px`),
    ),
  );
}

for (const lang of LANGUAGES) {
  test(`${lang}, 1280 px: the committee table shows every column of docs/product/screens.md without a sideways scroll, and so do the others`, async ({
    browser,
  }) => {
    const context = await newContext(browser, lang, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAs(page, STAFF.superadmin);
    const text = catalogues.committee[lang];

    await page.goto('/dashboard/committee-members/edit');
    await settle(page);
    await expect(page.getByText(STAFF.editor.email)).toBeVisible();
    expect(await tableScrollers(page)).toEqual([]);
    const view = page.viewportSize()?.width ?? 1280;
    // docs/product/screens.md, the committee table: its columns, each header in view.
    for (const column of [
      'number',
      'fName',
      'lName',
      'email',
      'contact',
      'position',
      'backendUser',
      'birthDate',
      'actions',
    ]) {
      const header = page.getByRole('columnheader', { name: text[`col.${column}` as keyof typeof text], exact: true });
      const box = await header.boundingBox();
      expect(box, column).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${column} header in view`).toBeLessThanOrEqual(view);
    }
    // Email addresses whole: every cell's text within its cell, every address on the page in full.
    const report = await probeBox(page.locator('.ant-table').first(), 0);
    expect(report.cut).toEqual([]);
    expect(report.outside).toEqual([]);
    for (const staff of Object.values(STAFF)) {
      const cell = page.getByRole('cell').filter({ hasText: staff.email });
      await expect(cell).toHaveText(staff.email);
    }

    for (const path of ['/dashboard/members/edit', '/dashboard/janaza-notifications/edit', '/dashboard/events/edit']) {
      await page.goto(path);
      await settle(page);
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      expect(await tableScrollers(page), path).toEqual([]);
    }
    await context.close();
  });
}

test('a refused upload on a phone leaves only its error: no preview, no Replace or Remove (janaza and event forms)', async ({
  browser,
}) => {
  const context = await newContext(browser, 'en', phone(390));
  const page = await context.newPage();
  await signInAs(page, STAFF.admin);
  const notAnImage = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') };
  const jpeg = { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) };

  await page.goto('/dashboard/janaza-notifications/create');
  await settle(page);
  const photo = page.getByLabel('Photo of the deceased', { exact: true });
  // First an image (its preview and its Replace and Remove show), then a file that is not one.
  await photo.setInputFiles(jpeg);
  await expect(page.getByRole('button', { name: /Remove image/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo of the deceased' })).toHaveCount(1);
  await photo.setInputFiles(notAnImage);
  await expect(page.getByText('Choose a JPEG, PNG or WebP image')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo of the deceased' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Replace image/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Remove image/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Choose image/ })).toBeVisible();

  await page.goto('/dashboard/events/create');
  await settle(page);
  await page.getByRole('button', { name: catalogues.events.en['form.openEmpty'] }).click();
  const poster = page.locator('form input[type="file"]');
  await poster.setInputFiles({ ...jpeg, name: 'poster.jpg' });
  await expect(page.locator('form').getByText('poster.jpg')).toBeVisible();
  await poster.setInputFiles(notAnImage);
  await expect(page.locator('form').getByText('Choose an image file (JPEG, PNG or WebP).')).toBeVisible();
  await expect(page.locator('form').getByText('poster.jpg')).toHaveCount(0);
  await expect(page.locator('form').getByText('notes.txt')).toHaveCount(0);
  await expect(page.locator('form .ant-upload-list-item')).toHaveCount(0);
  await context.close();
});

test('/login with a staff session: admin, superadmin and editor go on to the dashboard, still signed in (docs/product/screens.md#login)', async ({
  browser,
}) => {
  for (const who of [STAFF.admin, STAFF.superadmin, STAFF.editor]) {
    const context = await newContext(browser, 'en', phone(390));
    const page = await context.newPage();
    await signInAs(page, who);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard(\/|$)/);
    await expect(page.getByText(`Signed in as ${who.givenName}`)).toBeVisible();
    expect((await page.request.get('/api/protected')).status()).toBe(200);
    await context.close();
  }
});
