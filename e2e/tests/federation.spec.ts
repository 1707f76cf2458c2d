import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startBucket } from '../support/bucket';
import { PORT_BASE, SUPERADMIN_EMAIL } from '../support/env';
import { sharedPackagesLoadedFrom } from '../support/federation';
import { signIn } from '../support/fixtures';
import { startOwnServer } from '../support/server-process';

// The production shape: the shell on one origin, each remote in its own "bucket" on its own port.
const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ANTD_VERSION = JSON.parse(readFileSync(join(REPO, 'node_modules', 'antd', 'package.json'), 'utf8'))
  .version as string;
const SHELL_PORT = PORT_BASE + 100;
const SHELL_URL = `http://127.0.0.1:${SHELL_PORT}`;
const REMOTES = {
  janaza: PORT_BASE + 121,
  events: PORT_BASE + 122,
  members: PORT_BASE + 123,
  summary: PORT_BASE + 124,
} as const;
type RemoteName = keyof typeof REMOTES;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: SHELL_URL });

const buckets = new Map<RemoteName, Awaited<ReturnType<typeof startBucket>>>();
const bucketDirs = new Map<RemoteName, string>();
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'un-buckets-'));
  for (const [name, port] of Object.entries(REMOTES) as [RemoteName, number][]) {
    const dir = join(root, name);
    cpSync(join(REPO, `remote-${name}`, 'dist'), dir, { recursive: true });
    bucketDirs.set(name, dir);
    buckets.set(name, await startBucket(dir, port, SHELL_URL));
  }
  server = await startOwnServer(SHELL_PORT, 'federation', {
    REMOTE_JANAZA_URL: `http://127.0.0.1:${REMOTES.janaza}/`,
    REMOTE_EVENTS_URL: `http://127.0.0.1:${REMOTES.events}/`,
    REMOTE_MEMBERS_URL: `http://127.0.0.1:${REMOTES.members}/`,
    REMOTE_SUMMARY_URL: `http://127.0.0.1:${REMOTES.summary}/`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  for (const bucket of buckets.values()) await bucket.stop();
});

const superadmin = { email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Rahman' };

test('every section loads from its own origin, with exactly one copy of react, antd and the shared package', async ({
  page,
}) => {
  const scripts = new Map<string, string>();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) scripts.set(res.url(), await res.text().catch(() => ''));
  });
  await signIn(page, superadmin);
  for (const section of ['summary', 'committee-members', 'members', 'janaza-notifications', 'events']) {
    await page.goto(`/dashboard/${section}`);
    await expect(page.getByText('Signed in as Aisha')).toBeVisible();
  }
  const origins = new Set([...scripts.keys()].map((u) => new URL(u).origin));
  for (const port of Object.values(REMOTES)) expect(origins).toContain(`http://127.0.0.1:${port}`);

  expect(
    await page.evaluate(
      () => (globalThis as { __UMMAHNOTIFY_SHARED_CLIENT_LOADS__?: number }).__UMMAHNOTIFY_SHARED_CLIENT_LOADS__,
    ),
  ).toBe(1);
  // Each library's code is fetched from one build only: the shell's.
  const servedBy = (marker: string) =>
    new Set([...scripts].filter(([, body]) => body.includes(marker)).map(([url]) => new URL(url).origin));
  expect([...servedBy('__REACT_DEVTOOLS_GLOBAL_HOOK__')]).toEqual([SHELL_URL]);
  // antd's code carries its version; remote entries list shared versions by design, so they are left out.
  const antdCode = new Set(
    [...scripts]
      .filter(([url, body]) => !url.endsWith('/remoteEntry.js') && body.includes(`"${ANTD_VERSION}"`))
      .map(([url]) => new URL(url).origin),
  );
  expect([...antdCode]).toEqual([SHELL_URL]);
  // And the Module Federation runtime agrees: one loaded provider of each singleton, the shell.
  const loadedFrom = await sharedPackagesLoadedFrom(page);
  for (const pkg of [
    'react',
    'react-dom',
    'antd',
    '@ant-design/icons',
    '@ummahnotify/core',
    '@ummahnotify/domain',
    '@ummahnotify/client',
    '@ummahnotify/client/section',
  ])
    expect(loadedFrom[pkg], pkg).toEqual(['shell']);
});

test('a remote rebuilt with a visible change shows on the next page load, with no shell rebuild', async ({ page }) => {
  await signIn(page, superadmin);
  await page.goto('/dashboard/summary');
  const label = `federation-check-${Date.now()}`;
  await expect(page.getByText(label)).toHaveCount(0);
  execFileSync(
    'npx',
    ['rspack', 'build', '--mode', 'production', '--output-path', bucketDirs.get('summary') as string],
    {
      cwd: join(REPO, 'remote-summary'),
      env: { ...process.env, UN_BUILD_LABEL: label },
      stdio: 'ignore',
    },
  );
  await page.reload();
  await expect(page.getByText(label)).toBeVisible();
});

test('a remote that is down shows "section unavailable" with retry; the others keep working', async ({ page }) => {
  await signIn(page, superadmin);
  await buckets.get('events')?.stop();
  await page.goto('/dashboard/events');
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'EXIT' })).toBeVisible();
  await page.getByRole('link', { name: 'Janaza Notifications' }).click();
  await expect(page.getByText('Signed in as Aisha')).toBeVisible();
  // Back to Events inside the app (no reload): still unavailable. The bucket comes back: Retry loads it.
  await page.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
  buckets.set('events', await startBucket(bucketDirs.get('events') as string, REMOTES.events, SHELL_URL));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Signed in as Aisha')).toBeVisible();
  await expect(page.getByText('This section is unavailable right now.')).toHaveCount(0);
});
