import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { catalogues } from '@ummahnotify/domain';
import sharp from 'sharp';
import { IDENTITY_COOKIE, identityCookieValue } from '../../server/test/support/oidc-issuer';
import { JANAZA, STAFF_OUTCOMES } from '../../shared/domain/test/expected-texts';
import { enterDate } from '../support/date-field';
import { ISSUER_URL, SERVER_URL } from '../support/env';
import { insertMasjid, type Person, person, signIn } from '../support/fixtures';
import { createNotice, photoJpeg } from '../support/janaza-ui';
import { animationsSettled } from '../support/motion';

// API calls made with page.request say they come from the shell, as the browser's own writes do
// (the server refuses cookie-authenticated writes without a same-origin Origin).
test.use({ extraHTTPHeaders: { origin: SERVER_URL } });

/**
 * Janaza notices (docs/product/screens.md#janaza-notifications): an admin (phone and desktop, English and Tamil) and an editor create a notice with a
 * photo, find it by search and status, edit it inline, approve it and delete one; rights none get 403,
 * anonymous callers 401; bad input gets a clear error and writes nothing.
 */
const NOTICES = '/api/v1/admin/notifications/janaza';
const PROVIDERS = '/api/v1/admin/notifications/providers';
const PROVIDER = { id: randomUUID(), name: `Masjid Al-Falah ${randomUUID().slice(0, 4)}`, contact: '62353172' };
type Lang = 'en' | 'ta';
const text = (lang: Lang) => catalogues.janaza[lang];
const JO = STAFF_OUTCOMES.janaza;

const webp = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#1d3557' } })
    .webp()
    .toBuffer();

// Providers are members whose position is masjid or partner (the members section manages them).
test.beforeAll(() =>
  insertMasjid({
    id: PROVIDER.id,
    name: PROVIDER.name,
    lastName: 'Falah',
    postal: '229923',
    contact: PROVIDER.contact,
  }),
);

async function chooseLanguage(page: Page, lang: Lang) {
  if (lang === 'ta') await page.getByText('தமிழ்', { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: JO.listTitle[lang] })).toBeVisible();
}

async function notices(request: APIRequestContext, q = '') {
  const res = await request.get(`${NOTICES}${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(Object.keys(body)).toEqual(['code', 'data']);
  return body.data as {
    _id: string;
    name: string;
    status: string;
    imageUrl: string | null;
    postal: string;
    note: string;
    dueDate: string;
    userId: string;
  }[];
}

/** The table row (md and up) or card (phone) holding a notice. */
function item(page: Page, phone: boolean, has: string | Locator): Locator {
  const all = phone ? page.getByTestId('notice-card') : page.locator('tbody tr');
  return typeof has === 'string' ? all.filter({ hasText: has }) : all.filter({ has });
}

const showingLine = (lang: Lang, shown: number) => new RegExp(JO.showing[lang](String(shown), '\\d+'));

/** The whole flow for one person on one screen size in one language. */
async function fullFlow(page: Page, who: Person, lang: Lang, phone: boolean) {
  const t = text(lang);
  await signIn(page, who);
  await page.goto('/dashboard/janaza-notifications');
  await chooseLanguage(page, lang);

  const name = `Haji Test ${randomUUID().slice(0, 6)}`;
  await createNotice(page, lang, name, PROVIDER);
  const found = await notices(page.request, name);
  expect(found, 'exactly one notice: Enter in the date picker does not send the form early').toHaveLength(1);
  const [created] = found;
  expect(created).toMatchObject({
    name,
    status: 'pending',
    postal: '229923',
    note: 'Solat jenazah after Zohor.',
    dueDate: '2030-05-01T06:30:00.000Z',
  });
  expect((await page.request.get(created.imageUrl as string)).headers()['content-type']).toBe('image/jpeg');

  // Find it by search, then by status.
  await page.getByRole('tab', { name: t['tab.edit'] }).click();
  await page.getByRole('textbox', { name: t.search }).fill(name);
  await expect(page.getByText(showingLine(lang, 1))).toBeVisible();
  await page.getByRole('combobox', { name: t.statusFilter }).click();
  await page.getByTitle(t['status.approved']).click();
  await expect(page.getByText(showingLine(lang, 0))).toBeVisible();
  await expect(page.getByText(JO.empty[lang])).toBeVisible();
  await page.getByRole('combobox', { name: t.statusFilter }).click();
  await page.getByTitle(t['status.pending']).click();
  await expect(page.getByText(showingLine(lang, 1))).toBeVisible();
  await expect(item(page, phone, name)).toBeVisible();

  // Inline edit: new name, new photo, approve ("Notify Now!").
  await page.getByRole('combobox', { name: t.statusFilter }).click();
  await page.getByTitle(t['status.all']).click();
  await item(page, phone, name).getByRole('button', { name: t.editRow }).click();
  const editing = item(page, phone, page.getByRole('textbox', { name: t['field.name'] }));
  await expect(editing.getByText(JO.postal[lang]('229923'))).toBeVisible();
  await editing.getByRole('textbox', { name: t['field.name'] }).fill(`${name} (edited)`);
  await editing
    .locator('input[type=file]')
    .setInputFiles({ name: 'new.webp', mimeType: 'image/webp', buffer: await webp() });
  await editing.getByRole('combobox', { name: t['field.status'] }).click();
  await page.getByTitle(t['status.approved'], { exact: true }).last().click();
  await editing.getByRole('button', { name: t.saveRow }).click();
  await expect(page.getByText(JO.updated[lang])).toBeVisible();
  const edited = item(page, phone, `${name} (edited)`);
  await expect(edited.getByText(JANAZA.notifyNow[lang], { exact: true })).toBeVisible();
  const [after] = await notices(page.request, name);
  expect(after).toMatchObject({ _id: created._id, name: `${name} (edited)`, status: 'approved', postal: '229923' });
  expect(after.imageUrl).not.toBe(created.imageUrl);

  // Delete after confirmation.
  await edited.getByRole('button', { name: t.deleteRow }).click();
  await expect(page.getByText(JO.confirmDelete[lang])).toBeVisible();
  await animationsSettled(page);
  await page.getByRole('button', { name: t.confirmYes, exact: true }).click();
  await expect(page.getByText(JO.deleted[lang])).toBeVisible();
  await expect(edited).toHaveCount(0);
  expect(await notices(page.request, name)).toEqual([]);
}

test.describe('janaza notifications: an admin on a desktop', () => {
  test('English: create with a photo, search, filter, edit inline, approve, delete', async ({ page }) => {
    await fullFlow(page, person('admin', 'Farid'), 'en', false);
  });
  test('Tamil: the same flow', async ({ page }) => {
    await fullFlow(page, person('admin', 'Farid'), 'ta', false);
  });
});

test.describe('janaza notifications: an admin on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('English: cards instead of the table, same flow', async ({ page }) => {
    await fullFlow(page, person('admin', 'Farid'), 'en', true);
    await expect(page.locator('table')).toHaveCount(0);
  });
  test('Tamil: the same flow', async ({ page }) => {
    await fullFlow(page, person('admin', 'Farid'), 'ta', true);
  });
});

test.describe('janaza notifications: an editor', () => {
  test('can do the same', async ({ page }) => {
    await fullFlow(page, person('editor', 'Kavitha'), 'en', false);
  });
});

/** A session for someone the dashboard would sign out at once: the sign-in flow over HTTP only. */
async function apiSession(context: BrowserContext, who: Person): Promise<APIRequestContext> {
  await context.addCookies([{ name: IDENTITY_COOKIE, value: identityCookieValue(who), url: ISSUER_URL }]);
  const res = await context.request.get('/api/auth/google');
  expect(res.ok()).toBe(true);
  return context.request;
}

test.describe('janaza notifications: who may call the API', () => {
  const routes = (id: string): [string, string][] => [
    ['GET', PROVIDERS],
    ['GET', NOTICES],
    ['POST', NOTICES],
    ['PATCH', `${NOTICES}/${id}`],
    ['DELETE', `${NOTICES}/${id}`],
  ];

  test('rights none get 403 and anonymous callers 401 on every route', async ({ context, playwright }) => {
    const none = await apiSession(context, person('none'));
    expect((await none.get('/api/protected')).status()).toBe(200);
    const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    for (const [method, path] of routes(randomUUID())) {
      const data = method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined;
      expect((await none.fetch(path, { method, data })).status(), `${method} ${path} rights none`).toBe(403);
      const res = await anonymous.fetch(path, { method, data });
      expect(res.status(), `${method} ${path} anonymous`).toBe(401);
      expect(await res.json()).toMatchObject({ code: 401 });
    }
    await anonymous.dispose();
  });
});

test.describe('janaza notifications: bad input gets a clear error and writes nothing', () => {
  test('through the API: postal 12345, age -1, unknown status, a text file renamed .jpg, an SVG with a script, 12 MB', async ({
    page,
  }) => {
    await signIn(page, person('admin'));
    const before = (await notices(page.request)).length;
    const fields = {
      provider: PROVIDER.id,
      name: 'Bad Input',
      age: '70',
      postal: '229923',
      dueDate: '2030-05-01T14:30',
    };
    const refusals: [
      Record<string, string>,
      { name: string; mimeType: string; buffer: Buffer } | undefined,
      string,
      RegExp,
    ][] = [
      [{ postal: '12345' }, undefined, 'postal', /exactly 6 digits/],
      [{ age: '-1' }, undefined, 'age', /below 0/],
      [{ status: 'published' }, undefined, 'status', /pending, approved, silent or rejected/],
      [
        {},
        { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo\n') },
        'image',
        /not a JPEG, PNG or WebP/,
      ],
      [
        {},
        {
          name: 'photo.svg',
          mimeType: 'image/svg+xml',
          buffer: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
          ),
        },
        'image',
        /SVG files are not accepted/,
      ],
      [
        {},
        {
          name: 'big.jpg',
          mimeType: 'image/jpeg',
          buffer: Buffer.concat([await photoJpeg(), Buffer.alloc(12 * 1024 * 1024, 7)]),
        },
        'image',
        /larger than 10 MB/,
      ],
    ];
    for (const [over, image, path, message] of refusals) {
      const res = await page.request.post(NOTICES, { multipart: { ...fields, ...over, ...(image ? { image } : {}) } });
      expect(res.status(), JSON.stringify(over)).toBe(400);
      const body = await res.json();
      expect(body.code).toBe(400);
      expect(body.message).toMatch(message);
      expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await notices(page.request)).toHaveLength(before);
  });

  test('in the form: inline errors before sending, and the server refusal of a renamed text file', async ({ page }) => {
    await signIn(page, person('admin'));
    await page.goto('/dashboard/janaza-notifications/create');
    const t = text('en');
    const before = (await notices(page.request)).length;
    await page.getByRole('combobox', { name: t['field.provider'] }).click();
    await page.getByTitle(PROVIDER.name).click();
    await page.getByLabel(t['field.name'], { exact: true }).fill('Bad Input');
    await page.getByLabel(t['field.age'], { exact: true }).fill('-1');
    await page.getByLabel(t['field.postal'], { exact: true }).fill('12345');
    await page.getByRole('button', { name: t.saveNotification }).click();
    await expect(page.getByText(t['error.postalDigits'])).toBeVisible();
    await expect(page.getByText(t['error.ageMin'])).toBeVisible();
    // The time is first offered as "after a prayer" on a day.
    await expect(page.getByText(t['error.prayerDateRequired'])).toBeVisible();
    await expect(page.getByText(t['error.prayerRequired'])).toBeVisible();
    await page.getByLabel(t['timeKind.exact']).check();

    await page.getByLabel(t['field.age'], { exact: true }).fill('70');
    await page.getByLabel(t['field.postal'], { exact: true }).fill('229923');
    const due = page.getByPlaceholder(t['field.dueDatePlaceholder']);
    await enterDate(due, '01-05-2030 14:30');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo\n') });
    await page.getByRole('button', { name: t.saveNotification }).click();
    await expect(page.getByText(JO.createFailed.en)).toBeVisible();
    await expect(page.getByText(JO.notAnImage.en)).toBeVisible();
    await expect(page.getByLabel(t['field.name'], { exact: true })).toHaveValue('Bad Input');
    expect(await notices(page.request)).toHaveLength(before);
  });
});

test.describe('janaza notifications: the duplicate warning', () => {
  test('the same name entered twice: the form lists the existing notice with a link, and "Create anyway" creates it', async ({
    page,
  }) => {
    const t = text('en');
    await signIn(page, person('admin', 'Farid'));
    const first = await page.request.post(NOTICES, {
      multipart: {
        provider: PROVIDER.id,
        name: 'Hajjah Maimunah binte Salleh',
        age: '77',
        postal: '229923',
        dueDate: '2030-06-10T16:08:00+08:00',
      },
    });
    expect(first.status()).toBe(201);
    const firstId = (await first.json()).data._id as string;

    await page.goto('/dashboard/janaza-notifications/create');
    await page.getByRole('combobox', { name: t['field.provider'] }).click();
    await page.getByTitle(PROVIDER.name).click();
    await page.getByLabel(t['field.name'], { exact: true }).fill('MAIMUNAH BTE. SALLEH');
    await page.getByLabel(t['field.age'], { exact: true }).fill('77');
    await page.getByLabel(t['field.postal'], { exact: true }).fill('229923');
    await page.getByLabel(t['timeKind.exact'], { exact: true }).check();
    const due = page.getByPlaceholder(t['field.dueDatePlaceholder']);
    await enterDate(due, '11-06-2030 13:00');
    await page.getByRole('button', { name: t.saveNotification }).click();

    const warning = page.getByRole('alert').filter({ hasText: t['duplicate.title'] });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('listitem')).toHaveCount(1);
    await expect(warning.getByText('Hajjah Maimunah binte Salleh')).toBeVisible();
    await expect(warning.getByText('10-06-2030 16:08')).toBeVisible();
    const link = warning.getByRole('link', { name: t['duplicate.open'] });
    await expect(link).toHaveAttribute(
      'href',
      `/dashboard/janaza-notifications/edit?q=${encodeURIComponent('Hajjah Maimunah binte Salleh')}`,
    );
    expect(await notices(page.request, 'Salleh')).toHaveLength(1);

    await warning.getByRole('button', { name: t['duplicate.createAnyway'] }).click();
    await expect(page.getByText(JO.created.en)).toBeVisible();
    await expect(warning).toHaveCount(0);
    const both = await notices(page.request, 'Salleh');
    expect(both.map((n) => n.name).sort()).toEqual(['Hajjah Maimunah binte Salleh', 'MAIMUNAH BTE. SALLEH']);

    // The link opens the list searching for the existing notice.
    await page.goto(`/dashboard/janaza-notifications/edit?q=${encodeURIComponent('Hajjah Maimunah binte Salleh')}`);
    await expect(page.getByRole('textbox', { name: t.search })).toHaveValue('Hajjah Maimunah binte Salleh');
    await expect(item(page, false, 'Hajjah Maimunah binte Salleh')).toBeVisible();
    await expect(page.getByText(showingLine('en', 1))).toBeVisible();

    for (const n of both) expect((await page.request.delete(`${NOTICES}/${n._id}`)).status()).toBe(200);
    expect(both.map((n) => n._id)).toContain(firstId);
  });
});
