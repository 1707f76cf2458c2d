import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  CHANNEL_ENV,
  CHROMIUM_ARGS,
  E2E_CLIENT,
  ISSUER_PORT,
  ISSUER_URL,
  PEERS,
  PORT_BASE,
  SERVER_PORT,
  SERVER_URL,
  SUPERADMIN_EMAIL,
  SUPPORT_WHATSAPP,
} from './support/env';

// One data directory per run, chosen once: workers load this file again and inherit the variable.
process.env.UN_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'un-e2e-'));

export default defineConfig({
  testDir: 'tests',
  outputDir: `test-results/${PORT_BASE}`,
  // Give-up times, set here once and nowhere in a test: far above what a loaded 2-core machine takes (the longest
  // test, a dozen screens at two widths in two languages, about 2 min there), so only a test that is really stuck
  // reaches them. A test that waits waits for a state (an element, a peer's count), never for these.
  timeout: 600_000,
  expect: { timeout: 60_000 },
  workers: 1,
  // In CI a test that fails is run once more; one passing only then is flaky, named in the summary, and fails the run
  // unless e2e/quarantine.json lists it (scripts/e2e-outcomes.mjs).
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json']] : [['list'], ['json']],
  use: {
    baseURL: SERVER_URL,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node --import tsx support/issuer-main.ts',
      url: `${ISSUER_URL}/.well-known/openid-configuration`,
      env: { ISSUER_PORT: String(ISSUER_PORT) },
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: 'node --import tsx support/peers-main.ts',
      url: `${PEERS.controlUrl}/telegram`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The server as production runs it (npm run serve): node on the build's output (npm run build first).
      command: 'node --enable-source-maps ../server/dist/main.js',
      url: `${SERVER_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(SERVER_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: SERVER_URL,
        DATA_DIR: join(process.env.UN_E2E_DATA, 'server'),
        OIDC_ISSUER: ISSUER_URL,
        GOOGLE_CLIENT_ID: E2E_CLIENT.id,
        GOOGLE_CLIENT_SECRET: E2E_CLIENT.secret,
        VAPID_SUBJECT: 'mailto:notices@e2e.example.sg',
        SUPERADMIN_EMAILS: SUPERADMIN_EMAIL,
        // events go at once whatever the hour the tests run at (the quiet hours' own test sets them)
        EVENT_QUIET_HOURS: 'off',
        SUPPORT_WHATSAPP,
        ...CHANNEL_ENV,
        NODE_ENV: 'test',
      },
    },
  ],
});
