#!/usr/bin/env node
// Time from navigation to a rendered dashboard section, in headless Chromium against the real server in
// demo mode on this machine (built front end; run `npm run build` first). Signs in once through the demo
// issuer, then loads /dashboard/janaza-notifications RUNS times with a warm HTTP cache and RUNS times
// with a cold one, and reports median and p95 until the section's remote has rendered.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const RUNS = Number(process.env.RUNS ?? 20);
const PORT = 4690;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const root = new URL('../..', import.meta.url).pathname;

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
  env: {
    ...process.env,
    PORT: String(PORT),
    PUBLIC_URL: URL_BASE,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'un-bench-')),
    NODE_ENV: 'development',
  },
  stdio: 'ignore',
});
for (let i = 0; i < 120; i++) {
  if (
    await fetch(`${URL_BASE}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await page.goto(`${URL_BASE}/login`);
await page.getByRole('link', { name: 'Sign in with Google' }).click();
await page.locator('button[value="admin@demo.ummahnotify.invalid"]').click();
await page.waitForURL(/\/dashboard\//);

async function measure(cold) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    if (cold) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const t = performance.now();
    await page.goto(`${URL_BASE}/dashboard/janaza-notifications`, { waitUntil: 'commit' });
    await page
      .locator('main, .ant-layout-content')
      .first()
      .locator('h1, h2, h3, h4, .ant-tabs')
      .first()
      .waitFor({ state: 'visible' });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { median: at(0.5), p95: at(0.95) };
}

// What a first visit downloads (compressed, as sent) to show the janaza section, per kind of file.
async function transferred() {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const requests = [];
  page.on('requestfinished', (r) => requests.push(r));
  await page.goto(`${URL_BASE}/dashboard/janaza-notifications`);
  await page.locator('.ant-tabs').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('requestfinished');
  const totals = {};
  for (const r of requests) {
    const kind = r.resourceType();
    totals[kind] = (totals[kind] ?? 0) + (await r.sizes()).responseBodySize;
  }
  return totals;
}

const bytes = await transferred();
const warm = await measure(false);
const cold = await measure(true);
console.log(`navigation -> rendered janaza section, ${RUNS} runs each`);
console.log(`| cache | median | p95 |\n|---|---|---|`);
console.log(`| warm | ${warm.median.toFixed(0)} ms | ${warm.p95.toFixed(0)} ms |`);
console.log(`| cold | ${cold.median.toFixed(0)} ms | ${cold.p95.toFixed(0)} ms |`);
console.log('\nfirst visit to the janaza section, bytes on the wire by kind:');
for (const [kind, n] of Object.entries(bytes)) console.log(`| ${kind} | ${(n / 1024).toFixed(1)} KiB |`);
await browser.close();
server.kill('SIGTERM');
