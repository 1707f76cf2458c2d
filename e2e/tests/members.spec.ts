import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { COMMITTEE_API, catalogues, MEMBERS_API } from '@ummahnotify/domain';
import { ROLE_NAMES, SECTION_NAMES, STAFF_OUTCOMES } from '../../shared/domain/test/expected-texts';
import { enterDate } from '../support/date-field';
import { SERVER_URL, SUPERADMIN_EMAIL } from '../support/env';
import { expectLandingPage, type Person, person, signIn } from '../support/fixtures';
import { animationsSettled } from '../support/motion';

// API calls made with page.request say they come from the shell, as the browser's own writes do
// (the server refuses cookie-authenticated writes without a same-origin Origin).
test.use({ extraHTTPHeaders: { origin: SERVER_URL } });

/**
 * Members (docs/product/screens.md#members): a superadmin creates a member, a masjid and a partner (the partner without UEN is
 * refused), sees the masjid and partner among the janaza form's providers, edits in the modal,
 * verifies, revokes; creates a committee member with backend access and assigns editor: that person's
 * next sign-in and an already open session see the editor sidebar; demoting them closes the routes.
 * Admins and editors get 403 and are sent to /. Bad input gets a clear error and writes nothing.
 */
const m = catalogues.members.en;
const c = catalogues.committee.en;
const janaza = catalogues.janaza.en;
const PROVIDERS = '/api/v1/admin/notifications/providers';
const MO = STAFF_OUTCOMES.members;
const CO = STAFF_OUTCOMES.committee;

const superadmin = (): Person => ({ email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Rahman' });
const tag = () => randomUUID().slice(0, 6);

async function memberIds(request: APIRequestContext): Promise<{ _id: string; email: string }[]> {
  const res = await request.get(MEMBERS_API.list);
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

/** The table row (md and up) or the card (phone) that shows this text. */
function item(page: Page, phone: boolean, text: string): Locator {
  return (phone ? page.locator('.ant-card-small') : page.locator('tbody tr')).filter({ hasText: text });
}

async function fillMember(
  page: Page,
  v: { first: string; last: string; email: string; postal: string; position?: string },
) {
  await page.getByLabel(m['field.fName']).fill(v.first);
  await page.getByLabel(m['field.lName']).fill(v.last);
  await page.getByLabel(m['field.email']).fill(v.email);
  await page.getByLabel(m['field.postal']).fill(v.postal);
  if (v.position) {
    await page.getByRole('combobox', { name: m['field.position'] }).click();
    await page.getByTitle(v.position, { exact: true }).click();
  }
}

async function membersFlow(page: Page, phone: boolean) {
  const t = tag();
  const names = { member: `Irfan${t}`, masjid: `Masjid Al-Amin ${t}`, partner: `Rahmah Funeral ${t}` };
  await signIn(page, superadmin());
  await page.goto('/dashboard/members/create');
  await expect(page.getByRole('heading', { name: MO.createTitle.en })).toBeVisible();

  // A member.
  await fillMember(page, {
    first: names.member,
    last: 'Mohamed',
    email: `irfan.${t}@e2e.example.sg`,
    postal: '560231',
  });
  await page.getByRole('checkbox', { name: m['field.isVolunteer'] }).check();
  await page.getByRole('button', { name: m.createButton }).click();
  await expect(page.getByText(MO.created.en)).toBeVisible();
  await expect(page.getByLabel(m['field.fName'])).toHaveValue('');

  // A masjid.
  await fillMember(page, {
    first: 'Imam',
    last: 'Amin',
    email: `amin.${t}@e2e.example.sg`,
    postal: '469286',
    position: m['position.masjid'],
  });
  await page.getByLabel(m['field.businessName']).fill(names.masjid);
  await page.getByRole('button', { name: m.createButton }).click();
  await expect(page.getByText(MO.created.en).last()).toBeVisible();

  // A partner without UEN is refused before anything is sent, and nothing is written.
  const before = (await memberIds(page.request)).length;
  await fillMember(page, {
    first: 'Nurul',
    last: 'Huda',
    email: `rahmah.${t}@e2e.example.sg`,
    postal: '609431',
    position: m['position.partner'],
  });
  await page.getByRole('checkbox', { name: m['field.isPartner'] }).check();
  await page.getByLabel(m['field.businessName']).fill(names.partner);
  await page.getByRole('button', { name: m.createButton }).click();
  await expect(page.getByText(m['error.uenRequired'])).toBeVisible();
  expect((await memberIds(page.request)).length).toBe(before);
  await page.getByLabel(m['field.uen']).fill('53412345M');
  await page.getByRole('button', { name: m.createButton }).click();
  await expect(page.getByText(MO.created.en).last()).toBeVisible();
  expect((await memberIds(page.request)).length).toBe(before + 1);

  // The masjid and the partner are providers of the janaza form.
  const providers = (await (await page.request.get(PROVIDERS)).json()).data.map(
    (p: { businessName: string }) => p.businessName,
  );
  expect(providers).toEqual(expect.arrayContaining([names.masjid, names.partner]));
  expect(providers).not.toContain(names.member);
  await page.goto('/dashboard/janaza-notifications/create');
  await page.getByRole('combobox', { name: janaza['field.provider'] }).click();
  await expect(page.getByTitle(names.masjid)).toBeVisible();
  await expect(page.getByTitle(names.partner)).toBeVisible();
  await page.keyboard.press('Escape');

  // Edit in the modal, verify, revoke.
  await page.goto('/dashboard/members/edit');
  const row = item(page, phone, names.member);
  await expect(row).toBeVisible();
  await expect(row).toContainText(MO.yes.en);
  await row.getByRole('button', { name: new RegExp(m.viewToEdit) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(MO.detailsTitle.en)).toBeVisible();
  await expect(dialog.getByText(m['status.active'])).toBeVisible();
  await animationsSettled(page);
  await dialog.getByRole('switch', { name: m.editToggle }).click();
  await dialog.getByLabel(m['field.lName']).fill('Mohamed Ali');
  await dialog.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(MO.updated.en)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(item(page, phone, names.member)).toContainText('Mohamed Ali');

  await item(page, phone, names.member)
    .getByRole('button', { name: new RegExp(m.viewToEdit) })
    .click();
  // The list refetches after the save; act once the reopened modal shows the saved record.
  await expect(page.getByRole('dialog').getByText('Mohamed Ali')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  await page.getByRole('dialog').getByRole('button', { name: m.verify }).click();
  await expect(page.getByText(MO.verified.en)).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: m.unverify })).toBeVisible();
  await page.getByRole('dialog').locator('.ant-modal-footer').getByRole('button', { name: m.close }).click();

  await item(page, phone, names.member)
    .getByRole('button', { name: new RegExp(m.revoke) })
    .click();
  await expect(page.getByText(MO.revokeConfirm.en)).toBeVisible();
  await animationsSettled(page);
  await page.getByRole('dialog').getByRole('button', { name: m.revokeOk }).click();
  await expect(page.getByText(MO.revoked.en)).toBeVisible();
  await expect(item(page, phone, names.member)).toHaveCount(0);
  expect((await memberIds(page.request)).some((x) => x.email === `irfan.${t}@e2e.example.sg`)).toBe(false);
}

test.describe('members: a superadmin on a desktop', () => {
  test('creates a member, a masjid and a partner; providers; edits in the modal, verifies, revokes', async ({
    page,
  }) => {
    await membersFlow(page, false);
  });
});

test.describe('members: a superadmin on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the same flow with cards', async ({ page }) => {
    await membersFlow(page, true);
  });
});

/** The sidebar links a session shows, read after a fresh page load (the guard reads /api/protected again). */
async function sidebar(page: Page): Promise<string[]> {
  await page.goto('/dashboard');
  await expect(page.getByTestId('user-role')).toBeVisible();
  return (await page.locator('nav a[href^="/dashboard/"]').allTextContents()).map((s) => s.trim()).filter(Boolean);
}

/** A committee member's row, found by email and then held by its id (in edit mode the email is in an input). */
async function committeeRow(page: Page, email: string): Promise<Locator> {
  await page.goto('/dashboard/committee-members/edit');
  const found = page.locator('tbody tr').filter({ hasText: email });
  await expect(found).toBeVisible();
  return page.locator(`tbody tr[data-row-key="${await found.getAttribute('data-row-key')}"]`);
}

async function assign(page: Page, row: Locator, name: string, role: string) {
  await row.getByRole('combobox', { name: c.roleFor.replace('{{name}}', name) }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(role, { exact: true }).click();
  await row.getByRole('button', { name: c.assignFor.replace('{{name}}', name) }).click();
  await expect(page.getByText(CO.roleAssigned.en).last()).toBeVisible();
}

async function createCommitteeMember(page: Page, who: { first: string; last: string; email: string; rights?: string }) {
  await page.goto('/dashboard/committee-members/create');
  await expect(page.getByRole('heading', { name: CO.formTitle.en })).toBeVisible();
  await page.getByLabel(c['field.fName']).fill(who.first);
  await page.getByLabel(c['field.lName']).fill(who.last);
  await page.getByLabel(c['field.email']).fill(who.email);
  await page.getByLabel(c['field.contact']).fill('91234567');
  const birth = page.getByLabel(c['field.birthDate']);
  await enterDate(birth, '02-11-1996');
  await page.getByLabel(c['field.postal']).fill('460123');
  if (who.rights) {
    await page.getByRole('combobox', { name: c['field.rights'] }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(who.rights, { exact: true }).click();
  }
  await page.getByRole('checkbox', { name: c['field.backendUser'] }).check();
  await page.getByRole('button', { name: c.submit, exact: true }).click();
  await expect(page.getByText(CO.created.en)).toBeVisible();
}

async function sessionFor(browser: Browser, who: Person): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

test.describe('committee members: roles reach the account', () => {
  test('assigning editor: the next sign-in and an open session see the editor sidebar; demoting closes the routes', async ({
    page,
    browser,
  }) => {
    const t = tag();
    await signIn(page, superadmin());

    // Someone who has never signed in: backend access, then editor.
    const newcomer: Person = { email: `kavitha.${t}@e2e.example.sg`, givenName: 'Kavitha', familyName: 'Mohamed' };
    await createCommitteeMember(page, { first: 'Kavitha', last: `Mohamed${t}`, email: newcomer.email });
    const newRow = await committeeRow(page, newcomer.email);
    await assign(page, newRow, `Kavitha Mohamed${t}`, ROLE_NAMES.editor.en);
    await expect(newRow).toContainText(ROLE_NAMES.editor.en);
    const newcomerPage = await sessionFor(browser, newcomer);
    expect(await sidebar(newcomerPage)).toEqual([SECTION_NAMES.janazaNotifications.en, SECTION_NAMES.events.en]);
    await expect(newcomerPage.getByTestId('user-role')).toHaveText(ROLE_NAMES.editor.en);

    // Someone with an open session (an admin today): the committee makes them superadmin, then editor.
    const colleague = person('admin', 'Farid');
    const colleaguePage = await sessionFor(browser, colleague);
    expect(await sidebar(colleaguePage)).toEqual([SECTION_NAMES.janazaNotifications.en, SECTION_NAMES.events.en]);
    await createCommitteeMember(page, {
      first: 'Farid',
      last: `Ismail${t}`,
      email: colleague.email,
      rights: ROLE_NAMES.admin.en,
    });
    const colleagueRow = await committeeRow(page, colleague.email);
    await assign(page, colleagueRow, `Farid Ismail${t}`, ROLE_NAMES.superadmin.en);
    expect(await sidebar(colleaguePage)).toEqual([
      SECTION_NAMES.summary.en,
      SECTION_NAMES.committeeMembers.en,
      SECTION_NAMES.members.en,
      SECTION_NAMES.janazaNotifications.en,
      SECTION_NAMES.events.en,
    ]);
    expect((await colleaguePage.request.get(MEMBERS_API.list)).status()).toBe(200);

    await assign(page, await committeeRow(page, colleague.email), `Farid Ismail${t}`, ROLE_NAMES.editor.en);
    expect(await sidebar(colleaguePage)).toEqual([SECTION_NAMES.janazaNotifications.en, SECTION_NAMES.events.en]);
    // The routes close: the API refuses, and the client sends them to /.
    expect((await colleaguePage.request.get(MEMBERS_API.list)).status()).toBe(403);
    expect((await colleaguePage.request.get(COMMITTEE_API.list)).status()).toBe(403);
    await colleaguePage.goto('/dashboard/members/edit');
    await expectLandingPage(colleaguePage);

    // Removing backend access takes the rights away at once.
    const row = await committeeRow(page, colleague.email);
    await row.getByRole('button', { name: c.editRow.replace('{{name}}', `Farid Ismail${t}`) }).click();
    await row.getByRole('checkbox').uncheck();
    await row.getByRole('button', { name: c.save }).click();
    await expect(page.getByText(CO.saved.en)).toBeVisible();
    expect((await colleaguePage.request.get('/api/v1/admin/notifications/janaza')).status()).toBe(403);
    expect((await (await colleaguePage.request.get('/api/protected')).json()).rights).toBe('none');

    // Deleting the newcomer's committee entry does the same for them.
    const gone = await committeeRow(page, newcomer.email);
    await gone.getByRole('button', { name: c.deleteRow.replace('{{name}}', `Kavitha Mohamed${t}`) }).click();
    await expect(page.locator('.ant-modal-confirm-title', { hasText: CO.deleteConfirm.en })).toBeVisible();
    await animationsSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: c.delete }).click();
    await expect(page.getByText(CO.deleted.en)).toBeVisible();
    expect((await (await newcomerPage.request.get('/api/protected')).json()).rights).toBe('none');
  });

  test('on a phone: cards, a row edit blocked while a name is empty, and the role control', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const t = tag();
    await signIn(page, superadmin());
    await createCommitteeMember(page, { first: 'Zainab', last: `Marican${t}`, email: `zainab.${t}@e2e.example.sg` });
    await page.goto('/dashboard/committee-members/edit');
    const found = page.locator('.ant-card-small').filter({ hasText: `zainab.${t}@e2e.example.sg` });
    await expect(found).toBeVisible();
    const card = page.locator(`.ant-card-small[data-id="${await found.getAttribute('data-id')}"]`);
    await card.getByRole('button', { name: c.editRow.replace('{{name}}', `Zainab Marican${t}`) }).click();
    const lastName = card.getByRole('textbox', { name: c['col.lName'] });
    await lastName.fill('');
    await card.getByRole('button', { name: c.save }).click();
    await expect(lastName).toHaveAttribute('aria-invalid', 'true');
    await lastName.fill(`Binte Marican${t}`);
    await card.getByRole('button', { name: c.save }).click();
    await expect(page.getByText(CO.saved.en)).toBeVisible();
    const saved = card;
    await expect(saved).toContainText(`Binte Marican${t}`);
    await saved.getByRole('combobox', { name: c.roleFor.replace('{{name}}', `Zainab Binte Marican${t}`) }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(ROLE_NAMES.admin.en, { exact: true }).click();
    await saved.getByRole('button', { name: c.assignFor.replace('{{name}}', `Zainab Binte Marican${t}`) }).click();
    await expect(page.getByText(CO.roleAssigned.en)).toBeVisible();
    await context.close();
  });
});

test.describe('members and committee: who may call and see them', () => {
  for (const rights of ['admin', 'editor'] as const) {
    test(`an ${rights} gets 403 from every route and is sent to /`, async ({ page }) => {
      await signIn(page, person(rights));
      const id = randomUUID();
      const answers = await Promise.all([
        page.request.get(MEMBERS_API.list),
        page.request.post(MEMBERS_API.list, {
          data: { fName: 'X', email: `x.${tag()}@e2e.example.sg`, postal: '123456' },
        }),
        page.request.patch(MEMBERS_API.one(id), { data: { fName: 'X' } }),
        page.request.delete(MEMBERS_API.one(id)),
        page.request.put(MEMBERS_API.verify(id), { data: { verified: true } }),
        page.request.get(COMMITTEE_API.list),
        page.request.post(COMMITTEE_API.list, { data: {} }),
        page.request.patch(COMMITTEE_API.one(id), { data: {} }),
        page.request.delete(COMMITTEE_API.one(id)),
        page.request.patch(COMMITTEE_API.assign(id), { data: { userId: id, role: 'superadmin' } }),
      ]);
      expect(answers.map((a) => a.status())).toEqual(Array(10).fill(403));
      for (const path of [
        '/dashboard/members/create',
        '/dashboard/members/edit',
        '/dashboard/committee-members/edit',
      ]) {
        await page.goto(path);
        await expectLandingPage(page);
      }
    });
  }

  test('bad input gets a clear error and writes nothing', async ({ page }) => {
    await signIn(page, superadmin());
    const t = tag();
    const count = async () => (await memberIds(page.request)).length;
    const before = await count();
    const postal = await page.request.post(MEMBERS_API.list, {
      data: { fName: 'Bad', email: `bad.${t}@e2e.example.sg`, postal: '1234567' },
    });
    expect(postal.status()).toBe(400);
    // Each refused field also names its catalogue text, which the janaza and members catalogues share.
    expect((await postal.json()).errors).toEqual([
      {
        path: 'postal',
        message: 'Postal code must be exactly 6 digits',
        key: expect.stringMatching(/^(members|janaza):error\.postalDigits$/),
        params: {},
      },
    ]);
    const noUen = await page.request.post(MEMBERS_API.list, {
      data: {
        fName: 'Bad',
        email: `bad2.${t}@e2e.example.sg`,
        postal: '123456',
        position: 'partner',
        isPartner: true,
        businessName: 'Bad Co',
      },
    });
    expect(noUen.status()).toBe(400);
    expect((await noUen.json()).message).toMatch(/UEN is required for a partner/);
    const first = await page.request.post(MEMBERS_API.list, {
      data: { fName: 'Once', email: `once.${t}@e2e.example.sg`, postal: '123456' },
    });
    expect(first.status()).toBe(200);
    const dup = await page.request.post(MEMBERS_API.list, {
      data: { fName: 'Twice', email: `ONCE.${t}@e2e.example.sg`, postal: '123456' },
    });
    expect(dup.status()).toBe(409);
    expect((await dup.json()).message).toBe(`A member with the email once.${t}@e2e.example.sg already exists.`);
    expect(await count()).toBe(before + 1);

    const created = await page.request.post(COMMITTEE_API.list, {
      data: {
        fName: 'Role',
        email: `role.${t}@e2e.example.sg`,
        contact: '9',
        birthDate: '1990-01-01',
        postal: '1',
        backendUser: true,
        rights: 'editor',
      },
    });
    expect(created.status()).toBe(201);
    const { _id } = (await created.json()).data;
    const owner = await page.request.patch(COMMITTEE_API.assign(_id), { data: { userId: _id, role: 'owner' } });
    expect(owner.status()).toBe(400);
    expect((await owner.json()).message).toMatch(/Role must be admin, editor or superadmin/);
    const stored = (await (await page.request.get(COMMITTEE_API.list)).json()).data.find(
      (x: { _id: string }) => x._id === _id,
    );
    expect(stored.rights).toBe('editor');

    // In the form: the create button refuses a 7-digit postal code with the field marked.
    await page.goto('/dashboard/members/create');
    await page.getByLabel(m['field.postal']).fill('1234567');
    await page.getByRole('button', { name: m.createButton }).click();
    await expect(page.getByText(m['error.postalDigits'])).toBeVisible();
    await expect(page.getByText(m['error.fNameRequired'])).toBeVisible();
  });
});
