import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { SIGNUP_PAGES } from '@ummahnotify/core';
import { catalogues, DELIVERY_API } from '@ummahnotify/domain';
import { PORT_BASE } from '../support/env';
import { signInAs } from '../support/fixtures';
import { FROZEN_NOW, STAFF, type StaffRole, startScreensServer } from '../support/screens-data';

/**
 * The reference pictures: every screen at 390 and 1280 px, in English and Tamil, as every role
 * that sees it, compared with the committed baselines (the front-end build may change bytes, never
 * pixels); and axe-core on each: no serious or critical violation. A server of its own with fixed
 * data keeps the pictures the same whichever specs ran before.
 */
const SCREENS_PORT = PORT_BASE + 130;
const SCREENS_URL = `http://127.0.0.1:${SCREENS_PORT}`;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const LANGUAGES = ['en', 'ta'] as const;
type Language = (typeof LANGUAGES)[number];

type Who = StaffRole | 'public';
interface Screen {
  name: string;
  path: string;
  who: readonly Who[];
  /** What shows once the screen has its data (beyond no spinner or skeleton). */
  ready?: (page: Page, lang: Language) => Locator;
  /** Opens something on the screen first (the member details modal), then waits for it. */
  open?: (page: Page, lang: Language) => Promise<Locator>;
  /** Regions that differ between runs by nature: server times of day, build labels. */
  mask?: (page: Page, lang: Language) => Locator[];
  fullPage?: boolean;
  /** A dashboard section (a remote, with its build line under it). */
  section?: boolean;
}

const STAFF_ROLES = ['superadmin', 'admin', 'editor'] as const;
const text = (lang: Language) => ({
  janaza: catalogues.janaza[lang],
  events: catalogues.events[lang],
  members: catalogues.members[lang],
  summary: catalogues.summary[lang],
  signup: catalogues.signup[lang],
});
const afterColon = (template: string) => template.split('{{')[0].trim();

const SCREENS: Screen[] = [
  { name: 'landing', path: '/', who: ['public'] },
  { name: 'login', path: '/login', who: ['public'] },
  { name: 'thanks', path: '/thanks', who: ['public'] },
  { name: 'confirm-result', path: `${SIGNUP_PAGES.confirmEmail}?token=not-a-real-token`, who: ['public'] },
  { name: 'unsubscribe-result', path: `${SIGNUP_PAGES.unsubscribe}?token=not-a-real-token`, who: ['public'] },
  { name: 'forbidden', path: '/no-such-page', who: ['public'] },
  { name: 'smile', path: '/dashboard/no-such-section', who: ['superadmin'] },
  {
    name: 'summary',
    path: '/dashboard/summary',
    section: true,
    who: ['superadmin'],
    ready: (page) => page.getByTestId('summary-card-janazah'),
    mask: (page, lang) => [
      page.getByText(afterColon(text(lang).summary.lastUpdated)),
      // each section's build label and when it was built: the build's own, different at each build
      page.getByTestId('section-build-label'),
      page.getByTestId('section-build-detail'),
    ],
  },
  { name: 'members-create', path: '/dashboard/members/create', section: true, who: ['superadmin'] },
  {
    name: 'members-list',
    path: '/dashboard/members/edit',
    section: true,
    who: ['superadmin'],
    ready: (page) => page.getByText('Nurul').first(),
  },
  {
    name: 'member-details',
    path: '/dashboard/members/edit',
    section: true,
    who: ['superadmin'],
    ready: (page) => page.getByText('Nurul').first(),
    open: async (page, lang) => {
      await page
        .getByRole('button', { name: new RegExp(`^${text(lang).members.viewToEdit}: Nurul`) })
        .first()
        .click();
      return page.getByRole('dialog');
    },
    mask: (page, lang) =>
      [text(lang).members['field.createdAt'], text(lang).members['field.registerOn']].map((label) =>
        page
          .getByRole('dialog')
          .locator('.ant-descriptions-item-label', { hasText: label })
          .locator('xpath=following-sibling::*[1]'),
      ),
    fullPage: false,
  },
  { name: 'committee-create', path: '/dashboard/committee-members/create', section: true, who: ['superadmin'] },
  {
    name: 'committee-list',
    path: '/dashboard/committee-members/edit',
    section: true,
    who: ['superadmin'],
    ready: (page) => page.getByText(STAFF.editor.email).first(),
  },
  { name: 'janaza-create', path: '/dashboard/janaza-notifications/create', section: true, who: STAFF_ROLES },
  {
    name: 'janaza-list',
    path: '/dashboard/janaza-notifications/edit',
    section: true,
    who: STAFF_ROLES,
    ready: (page) => page.getByText('Fatimah binte Yusof').first(),
  },
  { name: 'events-create', path: '/dashboard/events/create', section: true, who: STAFF_ROLES },
  {
    name: 'events-list',
    path: '/dashboard/events/edit',
    section: true,
    who: STAFF_ROLES,
    ready: (page) => page.getByText('Youth Iftar Gathering').first(),
  },
];

let server: Awaited<ReturnType<typeof startScreensServer>>['server'];

test.beforeAll(async ({ browser }) => {
  const started = await startScreensServer(browser, SCREENS_PORT, 'screens');
  server = started.server;
  const { page } = started;
  // The broadcasts of the approved notices and the published event list their recipients first.
  for (const kind of ['janaza', 'events'] as const) {
    const list = await page.request.get(
      kind === 'janaza' ? '/api/v1/admin/notifications/janaza' : '/api/v1/admin/events',
    );
    const body = await list.json();
    // The notices come as a bare list, the events as { data } (docs/product/api.md).
    const items: { _id: string }[] = Array.isArray(body) ? body : (body.data ?? body.events);
    const ids = items.map((item) => item._id).join(',');
    await expect
      .poll(async () => {
        const status = await (await page.request.get(`${DELIVERY_API.status}?kind=${kind}&ids=${ids}`)).json();
        return Object.values(status.items as Record<string, { expanded: boolean }[]>)
          .flat()
          .every((s) => s.expanded);
      })
      .toBe(true);
  }
  await page.context().close();
});

test.afterAll(async () => {
  await server?.stop();
});

async function newContext(browser: Browser, lang: Language, size: (typeof WIDTHS)[number]): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: SCREENS_URL, viewport: size, reducedMotion: 'reduce' });
  await context.addInitScript((language) => localStorage.setItem('ummahnotify.language', language), lang);
  await context.clock.setFixedTime(FROZEN_NOW);
  return context;
}

/** Waits until the screen has its data: no spinner, no skeleton, every font loaded. */
async function settle(page: Page, screen: Screen, lang: Language) {
  // Dashboard lists poll their delivery counts, so the network is never idle there: wait for the
  // section's build line (its remote has loaded) instead.
  // A remote's first load on a busy 2-core machine can take longer than the default 10 s.
  if (screen.section) await expect(page.getByTestId('section-build')).toBeVisible();
  else await page.waitForLoadState('networkidle');
  if (screen.ready) await expect(screen.ready(page, lang)).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const who of ['public', ...STAFF_ROLES] as const) {
  for (const lang of LANGUAGES) {
    for (const size of WIDTHS) {
      test(`${who}, ${lang}, ${size.width} px: every screen looks as committed and passes axe`, async ({ browser }) => {
        const context = await newContext(browser, lang, size);
        const page = await context.newPage();
        if (who !== 'public') await signInAs(page, STAFF[who]);
        const problems: string[] = [];
        for (const screen of SCREENS.filter((s) => s.who.includes(who))) {
          await page.goto(screen.path);
          // The 403 page goes back after 2 s: give it a step back inside the same page, so it stays.
          if (screen.name === 'forbidden') await page.evaluate(() => history.pushState(null, '', location.href));
          await settle(page, screen, lang);
          if (screen.open) await expect(await screen.open(page, lang)).toBeVisible();
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, `${screen.name} scrolls sideways`).toBeLessThanOrEqual(size.width);
          // A masked value (a server time of day) would move what stands beside it with its width, which changes
          // with the hour the test runs: it is given one fixed text first, so the layout is the same at any hour,
          // and marked, since a locator that found it by its text finds it no more.
          // The release line names the commit the build was made from: one fixed text, masked, like the times.
          const regions = [...(screen.mask?.(page, lang) ?? []), page.getByTestId('release')];
          for (const region of regions)
            await region.evaluateAll((elements) => {
              for (const element of elements) {
                element.textContent =
                  element.getAttribute('data-testid') === 'release' ? 'Release 0.0.0 · 0000000' : '00:00';
                element.setAttribute('data-screens-pinned', '');
              }
            });
          await expect(page).toHaveScreenshot(`${who}-${screen.name}-${lang}-${size.width}.png`, {
            fullPage: screen.fullPage ?? true,
            mask: [page.getByTestId('section-build'), page.locator('[data-screens-pinned]')],
            // Re-renders on this machine differ by anti-aliasing only, under the per-pixel colour threshold (0.2), so
            // 20 pixels: a ratio of the page (0.5 %, 10 000 pixels on the landing page) let a line of text change
            // unseen.
            maxDiffPixels: 20,
          });
          problems.push(...(await seriousViolations(page)).map((v) => `${screen.name}: ${v}`));
        }
        expect(problems, 'serious or critical axe violations').toEqual([]);
        await context.close();
      });
    }
  }
}
