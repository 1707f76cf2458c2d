import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { type S3Peer, startS3Peer } from '../../server/test/peers/s3';
import { PORT_BASE, SUPERADMIN_EMAIL } from '../support/env';
import { signIn } from '../support/fixtures';
import { startOwnServer } from '../support/server-process';

// A section shipped to its own bucket (docs/adding-a-section.md, "Build and deploy the remote alone"): the events
// remote deployed with `npm run deploy:remote` to an S3 server, followed by the API server through its current.json,
// rolled back with `npm run rollback:remote`, the API server left running throughout.
const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHELL_PORT = PORT_BASE + 150;
const SHELL_URL = `http://127.0.0.1:${SHELL_PORT}`;
const VOLUNTEER = 'e2e-volunteer';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: SHELL_URL });

let s3: S3Peer;
let server: Awaited<ReturnType<typeof startOwnServer>>;
/** The two builds: v1 the repository's own (as `npm run build` made it), v2 rebuilt with another label. */
const builds = { v1: { dir: '', label: '' }, v2: { dir: '', label: '' } };

const labelOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8')).label as string;

/** Every file of a dist and the SHA-256 of its bytes, computed here, not by the deploy command. */
function digests(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  return new Map(
    files.map((file) => [relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex')]),
  );
}

/**
 * `npm run <script> -- <args>` as a volunteer runs it, with the section's bucket: the process (its own group, so that
 * npm, tsx and node end together when it is killed) and its exit code and output. Asynchronous: the S3 server
 * answering it lives in this process.
 */
function start(script: string, ...args: string[]) {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: REPO,
    detached: true,
    env: { ...process.env, REMOTE_EVENTS_BUCKET: `${s3.url}/events/`, DEPLOYED_BY: VOLUNTEER, PUBLIC_URL: SHELL_URL },
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const done = new Promise<{ status: number | null; output: string }>((resolve) => {
    child.on('error', (error) => resolve({ status: null, output: `${output}\n${error}` }));
    child.on('close', (status, signal) =>
      resolve({ status, output: signal ? `${output}\nended by ${signal}` : output }),
    );
  });
  return { kill: () => process.kill(-(child.pid as number), 'SIGKILL'), done };
}
const run = (script: string, ...args: string[]) => start(script, ...args).done;

/** The manifest /app-config.json names for the events section now. */
const liveManifest = async () =>
  ((await (await fetch(`${SHELL_URL}/app-config.json`)).json()) as { remotes: { events: string } }).remotes.events;
const pointer = async () => (await (await fetch(`${s3.publicUrl}events/current.json`)).json()) as { build: string };

async function openEvents(page: Page) {
  await page.goto('/dashboard/events');
  await expect(page.getByText('Signed in as Aisha')).toBeVisible();
}

test.beforeAll(async () => {
  s3 = await startS3Peer('ummahnotify-sections', { publicRead: true });
  const root = mkdtempSync(join(tmpdir(), 'un-section-builds-'));
  builds.v1 = { dir: join(root, 'v1'), label: labelOf(join(REPO, 'remote-events', 'dist')) };
  cpSync(join(REPO, 'remote-events', 'dist'), builds.v1.dir, { recursive: true });
  builds.v2 = { dir: join(root, 'v2'), label: `events-v2-${process.pid}` };
  execFileSync('npx', ['rspack', 'build', '--mode', 'production', '--output-path', builds.v2.dir], {
    cwd: join(REPO, 'remote-events'),
    env: { ...process.env, UN_BUILD_LABEL: builds.v2.label },
    stdio: 'ignore',
  });
  execFileSync(process.execPath, [join(REPO, 'scripts', 'precompress.mjs'), builds.v2.dir], { stdio: 'ignore' });
  server = await startOwnServer(SHELL_PORT, 'section-deploy', {
    REMOTE_EVENTS_URL: `${s3.publicUrl}events/current.json`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

const superadmin = { email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Rahman' };

test('deployed to its bucket, the section loads from it with the headers a bucket sends', async ({ page }) => {
  const deployed = await run('deploy:remote', 'events', '--dist', builds.v1.dir);
  expect(deployed.status, deployed.output).toBe(0);
  expect(deployed.output).toContain(`REMOTE_EVENTS_URL=${s3.publicUrl}events/current.json`);
  const answers = new Map<string, Record<string, string>>();
  page.on('response', (res) => {
    if (res.url().startsWith(s3.publicUrl)) answers.set(res.url(), res.headers());
  });
  await signIn(page, superadmin);
  await openEvents(page);
  await expect(page.getByText(`Section build: ${builds.v1.label}`)).toBeVisible();

  const entry = [...answers].find(([url]) => /\/files\/remoteEntry\.[0-9a-f]{8}\.js$/.test(url));
  expect(entry, [...answers.keys()].join('\n')).toBeDefined();
  const [, headers] = entry as [string, Record<string, string>];
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(headers['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(headers['content-encoding']).toBe('br');
  // The manifest is fetched across origins (the entry and chunks are script tags): the bucket's CORS rule allows it.
  const manifest = [...answers].find(([url]) => /\/files\/mf-manifest\.[0-9a-f]{8}\.json$/.test(url));
  expect(manifest?.[1]['access-control-allow-origin']).toMatch(new RegExp(`^(\\*|${SHELL_URL})$`));
  expect(manifest?.[1]['cache-control']).toBe('public, max-age=31536000, immutable');
  const current = await fetch(`${s3.publicUrl}events/current.json`);
  expect(current.headers.get('cache-control')).toBe('no-cache');
  expect(current.headers.get('content-type')).toMatch(/^application\/json/);
});

test('a deploy killed halfway through its upload never goes live', async ({ page }) => {
  const before = (await pointer()).build;
  // The bucket takes two files of v2, then holds the third unanswered: the deploy is mid-upload when it is killed.
  s3.holdPutsAfter(2);
  const deploy = start('deploy:remote', 'events', '--dist', builds.v2.dir);
  await expect.poll(() => s3.heldPuts()).toBeGreaterThan(0);
  deploy.kill();
  expect((await deploy.done).output).toContain('ended by SIGKILL');
  s3.releaseHeld();
  expect((await pointer()).build).toBe(before);
  await signIn(page, superadmin);
  await openEvents(page);
  await expect(page.getByText(`Section build: ${builds.v1.label}`)).toBeVisible();
});

test('v2 shows on the next load, a returning visitor downloads only the files v2 changed, and a rollback brings v1 back', async ({
  page,
}) => {
  await signIn(page, superadmin);
  await openEvents(page);
  await expect(page.getByText(`Section build: ${builds.v1.label}`)).toBeVisible();
  const v1Manifest = await liveManifest();

  const deployed = await run('deploy:remote', 'events', '--dist', builds.v2.dir);
  expect(deployed.status, deployed.output).toBe(0);
  await expect.poll(liveManifest).not.toBe(v1Manifest);
  // What the bucket sent with a body on the returning visitor's next load, as the bucket itself counts it.
  const readBefore = s3.reads.length;
  await openEvents(page);
  await expect(page.getByText(`Section build: ${builds.v2.label}`)).toBeVisible();
  await expect.poll(() => s3.reads.slice(readBefore).some((r) => /\/files\/mf-manifest\./.test(r.path))).toBe(true);
  const fetched = s3.reads.slice(readBefore).filter((r) => r.status === 200 && !r.path.endsWith('/current.json'));
  // The files whose bytes differ between the two builds, by this test's own digests: only those may come again,
  // besides the two entry files (renamed by their content) the build does not hash.
  const v1 = digests(builds.v1.dir);
  const changed = [...digests(builds.v2.dir)].filter(([file, sha]) => v1.get(file) !== sha).map(([file]) => file);
  const prefix = `${new URL(s3.publicUrl).pathname}events/files/`;
  for (const { path } of fetched) {
    const file = decodeURIComponent(path.slice(prefix.length));
    const isEntry = /^(remoteEntry\.[0-9a-f]{8}\.js|mf-manifest\.[0-9a-f]{8}\.json)$/.test(file);
    expect(isEntry || changed.includes(file), `${file} came again though v2 did not change it`).toBe(true);
  }
  expect(fetched.length).toBeGreaterThan(0);
  const kb = fetched.reduce((sum, f) => sum + f.bytes, 0) / 1024;
  const shown = fetched.map((f) => `${f.path.split('/').pop()} ${f.bytes} B`).join(', ');
  console.log(
    `returning visitor after the deploy: ${fetched.length} files, ${kb.toFixed(1)} KB from the bucket (${shown})`,
  );

  const rolledBack = await run('rollback:remote', 'events');
  expect(rolledBack.status, rolledBack.output).toBe(0);
  await expect.poll(liveManifest).toBe(v1Manifest);
  await openEvents(page);
  await expect(page.getByText(`Section build: ${builds.v1.label}`)).toBeVisible();
});

test("the superadmin's summary names the events section's live build, by whom; the API server never restarted", async ({
  page,
}) => {
  const listed = await run('builds:remote', 'events');
  expect(listed.status, listed.output).toBe(0);
  expect(listed.output).toContain(builds.v1.label);
  expect(listed.output).toContain(builds.v2.label);
  await signIn(page, superadmin);
  await page.goto('/dashboard/summary');
  const events = page.getByTestId('section-build-events');
  await expect(events).toContainText(builds.v1.label);
  await expect(events).toContainText(`by ${VOLUNTEER}`);
  expect(server.child.exitCode).toBeNull();
  expect(server.child.signalCode).toBeNull();
});
