// What a new browser profile downloads, page by page, from a running server in demo mode: JavaScript bytes on
// the wire (as sent: the server's precompressed brotli) and decoded; and what a return visit in the same profile
// (HTTP cache kept) still downloads. Shared by bench/frontend/pages.mjs, bench/frontend/redeploy.mjs and the
// size-budget test (scripts/size-budget.mjs).
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';

export const ROOT = new URL('../..', import.meta.url).pathname;

/** Starts bench/frontend/serve.mts on `port` serving the build under `frontendRoot`; resolves once healthy. */
export async function startServer(frontendRoot, port) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/frontend/serve.mts')], {
    cwd: join(ROOT, 'server'),
    env: { ...process.env, PORT: String(port), FRONTEND_ROOT: resolve(frontendRoot) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop: () => new Promise((r) => child.once('exit', r).kill('SIGTERM')) };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the server for ${frontendRoot} did not start on port ${port}`);
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

// An icon's definition in a built script (@ant-design/icons-svg: `name:"mail",theme:"outlined"`), and code only the
// dashboard has (the section loader's "loading" text, as a call: the catalogues hold the key, not the call).
const ICON_DEFINITION = /name:"([\w-]+)",theme:"(?:outlined|filled|twotone)"/g;
const DASHBOARD_CODE = /[\w$]\("sectionLoading"\)/;

/**
 * The body bytes a response brought over the wire (request.sizes() of Playwright): 0 for one read from the HTTP
 * cache. What Playwright 1.65 reports in Chromium 156 (checked on a return visit, 2026-11-27, against the raw CDP
 * events): a disk-cache hit (the hashed, immutable files; CDP fromDiskCache) is status 200, not fromServiceWorker(),
 * with a NEGATIVE responseBodySize, minus its responseHeadersSize (Chromium's encodedDataLength, 0, less the size of
 * the cached headers: about -1 KB a file, which summed as it is would take bytes off the total); a revalidated file
 * (no-cache: remoteEntry.js, mf-manifest.json, the page) that the server answered 304 is reported with status 200 too
 * (the cached response: the 304 shows only in CDP's raw response), responseBodySize 0.
 */
export function wireBytes(sizes) {
  return Math.max(0, sizes.responseBodySize);
}

/**
 * Counts every script response of `page` from now on: bytes on the wire (encoded body, 0 when read from the HTTP
 * cache or revalidated with a 304) and decoded (what the page runs, cached or not).
 */
export function countScripts(page) {
  const seen = [];
  const counted = new Set();
  const onResponse = (response) => {
    // A file met again (a full page load after sign-in, served from the cache) is counted once.
    if (response.request().resourceType() !== 'script' || counted.has(response.url())) return;
    counted.add(response.url());
    seen.push(
      Promise.all([response.request().sizes(), response.body().catch(() => Buffer.alloc(0))])
        .then(([sizes, body]) => ({
          url: response.url(),
          wire: wireBytes(sizes),
          // The app's service worker (shell/public/sw.js) handles pushes only, no fetch: a script it answered would
          // hide what it fetched from this count.
          fromServiceWorker: response.fromServiceWorker(),
          body: body.toString('utf8'),
        }))
        .catch(() => null), // a response still arriving when its page closes is not counted
    );
  };
  page.on('response', onResponse);
  return {
    async take() {
      await page.waitForLoadState('networkidle');
      const files = (await Promise.all(seen.splice(0))).filter(Boolean);
      const fromWorker = files.filter((f) => f.fromServiceWorker).map((f) => f.url);
      if (fromWorker.length)
        throw new Error(`scripts answered by a service worker, whose bytes on the wire are not seen: ${fromWorker}`);
      const icons = new Set(files.flatMap((f) => [...f.body.matchAll(ICON_DEFINITION)].map((m) => m[1])));
      return {
        files: files.length,
        /** Of `files`, those whose body came over the wire (the others were read from the HTTP cache or got a 304). */
        overWire: files.filter((f) => f.wire > 0).length,
        wire: files.reduce((n, f) => n + f.wire, 0),
        decoded: files.reduce((n, f) => n + Buffer.byteLength(f.body), 0),
        icons: icons.size,
        dashboardCode: files.some((f) => DASHBOARD_CODE.test(f.body)),
        urls: files.map((f) => f.url),
      };
    },
  };
}

/** Scripts in a row: all of them, and how many came over the wire when some were read from the cache. */
export const scriptCount = (row) =>
  row.overWire === row.files ? `${row.files}` : `${row.files}, ${row.overWire} over the wire`;

/** What shows that each page has rendered (its first meaningful content). */
export const RENDERED = {
  landing: (page) => page.locator('#get-notices-title').waitFor({ state: 'visible' }),
  login: (page) => page.getByRole('link', { name: 'Sign in with Google' }).waitFor({ state: 'visible' }),
  /** /thanks, the links' pages and 403: a result (its title) in the public frame (the one of the language shown). */
  result: (page) => page.locator('.ant-result-title:visible').first().waitFor({ state: 'visible' }),
  section: (page) => page.locator('.ant-tabs, .ant-card, .ant-table').first().waitFor({ state: 'visible' }),
  /** The janaza list (the section's "Notifications" tab): cards on a phone, table rows on a wide screen. */
  janazaList: (page) =>
    page.locator('[data-testid="notice-card"], .ant-table-row, .ant-empty').first().waitFor({ state: 'visible' }),
};

/** A well-formed token the server does not know: a link's page calls the server and says the link is no longer valid. */
const UNKNOWN_LINK_TOKEN = 'unknown_0123456789abcdef';
/** A confirmation email's link, as the page walk and the timed runs open it. */
export const CONFIRM_LINK = `/subscribe/confirm?token=${UNKNOWN_LINK_TOKEN}`;

export const JANAZA_LIST_PATH = '/dashboard/janaza-notifications/edit';

/** Opens the janaza list (its "Notifications" tab) from the janaza section, rendered. */
export async function showJanazaList(page) {
  await RENDERED.section(page);
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await RENDERED.janazaList(page);
}

/** Opens `section` from the sidebar and waits until it has replaced the section on screen. */
export async function openSection(page, section) {
  const before = await page.locator('main, .ant-layout-content').first().textContent();
  await page.locator(`a[href="/dashboard/${section}"]`).first().click();
  await page.waitForURL(`**/dashboard/${section}**`);
  // The previous section stays on screen until the next one has loaded: wait for the change.
  await page.waitForFunction(
    (old) => (document.querySelector('main, .ant-layout-content')?.textContent ?? '') !== old,
    before,
  );
  await RENDERED.section(page);
}

/** Signs in through the demo issuer as `email`, from /login; resolves on the dashboard. */
export async function signInDemo(page, baseUrl, email) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.locator(`button[value="${email}"]`).click();
  await page.waitForURL(/\/dashboard\//);
}

export const ADMIN = 'admin@demo.ummahnotify.invalid';
export const SUPERADMIN = 'superadmin@demo.ummahnotify.invalid';

/**
 * Walks the pages in new profiles: the public pages (`/`, `/login`, `/thanks`, the pages of the links in messages,
 * 403), signing in as the admin through to the janaza list (all its
 * JavaScript, sign-in included), then each further section reached from the sidebar (only what it adds), then the
 * admin's return visit: the janaza list opened again in a new tab of the same profile (HTTP cache kept), counting
 * what still comes over the wire.
 */
export async function walkPages(browser, baseUrl) {
  const rows = [];
  for (const [name, path, rendered] of [
    ['/', '/', RENDERED.landing],
    ['/login', '/login', RENDERED.login],
    ['/thanks', '/thanks', RENDERED.result],
    ['/subscribe/confirm', CONFIRM_LINK, RENDERED.result],
    ['/unsubscribe', `/unsubscribe?token=${UNKNOWN_LINK_TOKEN}`, RENDERED.result],
    ['/no-such-page (403)', '/no-such-page', RENDERED.result],
  ]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const count = countScripts(page);
    await page.goto(`${baseUrl}${path}`);
    await rendered(page);
    rows.push({ page: name, ...(await count.take()) });
    await context.close();
  }
  const flows = [
    [ADMIN, 'janaza-notifications', ['events']], // the janaza list, then the events section
    [SUPERADMIN, 'summary', ['members', 'committee-members']],
  ];
  for (const [email, first, further] of flows) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const count = countScripts(page);
    await signInDemo(page, baseUrl, email);
    if (!page.url().endsWith(`/dashboard/${first}`))
      await page.locator(`a[href="/dashboard/${first}"]`).first().click();
    await page.waitForURL(`**/dashboard/${first}**`);
    if (first === 'janaza-notifications') await showJanazaList(page);
    else await RENDERED.section(page);
    const who = email.split('@')[0];
    rows.push({ page: `sign-in (${who}) to ${first}`, ...(await count.take()) });
    for (const section of further) {
      await openSection(page, section);
      rows.push({ page: `+ ${section}`, ...(await count.take()) });
    }
    if (first === 'janaza-notifications') {
      // The return visit: the tab closed, the janaza list opened again later in a new tab of the same browser
      // (a full page load; the session cookie and the HTTP cache kept). Its own counter: every file counts again.
      await page.close();
      const again = await context.newPage();
      again.setDefaultTimeout(120_000);
      const countAgain = countScripts(again);
      await again.goto(`${baseUrl}${JANAZA_LIST_PATH}`);
      await showJanazaList(again);
      rows.push({ page: `return visit (${who}) to ${first}`, ...(await countAgain.take()) });
    }
    await context.close();
  }
  return rows;
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
