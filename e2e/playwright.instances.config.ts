import { defineConfig } from '@playwright/test';
import { INSTANCES } from './instances/env';
import { CHROMIUM_ARGS } from './support/env';

/**
 * The multi-instance test on its own: three server instances on one PostgreSQL behind a
 * round-robin proxy, started by the spec itself, so the other specs' single server is not disturbed.
 * `npx playwright test -c playwright.instances.config.ts`; needs TEST_DATABASE_URL (postgres://).
 */
export default defineConfig({
  testDir: 'instances',
  outputDir: `test-results/instances-${INSTANCES.proxyPort}`,
  // Give-up times set once, as in playwright.config.ts: only a stuck test reaches them.
  timeout: 900_000,
  expect: { timeout: 60_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: INSTANCES.proxyUrl,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
