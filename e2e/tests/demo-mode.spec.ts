import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PORT_BASE } from '../support/env';
import { startServerProcess } from '../support/server-process';

// The README's first command: no Google client configured, so the server runs its own issuer.
const DEMO_URL = `http://127.0.0.1:${PORT_BASE + 50}`;
test.use({ baseURL: DEMO_URL });

let server: Awaited<ReturnType<typeof startServerProcess>>;
test.beforeAll(async () => {
  server = await startServerProcess(
    {
      PORT: String(PORT_BASE + 50),
      PUBLIC_URL: DEMO_URL,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'un-demo-')),
      NODE_ENV: 'development',
    },
    `${DEMO_URL}/healthz`,
  );
});
test.afterAll(async () => server?.stop());

test('demo mode: the visitor picks a demo account and lands in the dashboard with its rights, under a demo banner', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Demo sign-in' })).toBeVisible();
  await page.getByRole('button', { name: /Aisha Rahman/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/summary/);
  await expect(page.getByTestId('demo-banner')).toBeVisible();
  await expect(page.getByTestId('user-role')).toHaveText('Superadmin');
});
