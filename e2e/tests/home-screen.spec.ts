import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS, SERVER_URL } from '../support/env';

// docs/product/api.md#the-home-screen-web-app: Chromium, asked over its DevTools protocol, finds the site installable
// (a manifest it parses without error, with what installing needs: name, start_url, display, icons it can fetch).
// It never offers to install from an incognito window, and each context Playwright makes for a test is one
// (`in-incognito`): this spec's browser has a profile of its own, as a visitor's has.
let profile: string;
let context: BrowserContext;

test.beforeAll(async () => {
  profile = mkdtempSync(join(tmpdir(), 'un-e2e-home-screen-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL: SERVER_URL,
  });
});

test.afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function installability(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const errors = async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors;
  const manifest = () => cdp.send('Page.getAppManifest');
  return { errors, manifest };
}

test('Chromium reports the landing page installable, its manifest parsed without errors', async () => {
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const { errors, manifest } = await installability(page);
  await expect.poll(errors).toEqual([]);
  const { url, errors: parseErrors, data } = await manifest();
  expect(url).toBe(`${SERVER_URL}/manifest.webmanifest`);
  expect(parseErrors).toEqual([]);
  expect(JSON.parse(data ?? '{}')).toMatchObject({
    name: 'UmmahNotify',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  await page.close();
});

test('the sign-in page links the same manifest, and is installable too', async () => {
  const page = await context.newPage();
  await page.goto('/login');
  const { errors, manifest } = await installability(page);
  await expect.poll(errors).toEqual([]);
  expect((await manifest()).url).toBe(`${SERVER_URL}/manifest.webmanifest`);
  await page.close();
});

test("the dashboard's page carries the same tags: the manifest, the icons, Apple's web app tags", async () => {
  const html = await (await context.request.get('/dashboard')).text();
  for (const tag of [
    '<link rel="manifest" href="/manifest.webmanifest">',
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" sizes="180x180">',
    '<meta name="theme-color" content="#1f7a4d">',
    '<meta name="apple-mobile-web-app-capable" content="yes">',
    '<meta name="mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-title" content="UmmahNotify">',
    '<meta name="apple-mobile-web-app-status-bar-style" content="default">',
  ])
    expect(html).toContain(tag);
});
