import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startBucket } from '../support/bucket';
import { PORT_BASE, SUPERADMIN_EMAIL } from '../support/env';
import { sharedPackagesLoadedFrom } from '../support/federation';
import { signIn } from '../support/fixtures';
import { startOwnServer } from '../support/server-process';

// A remote built and deployed on its own, later than the shell, against the shell's federation kit (the antd
// components and icons the shell ships: rspack.federation-kit.ts). The shell is the repository's build, unchanged.
const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHELL_PORT = PORT_BASE + 102;
const SHELL_URL = `http://127.0.0.1:${SHELL_PORT}`;
const BUCKET_PORT = PORT_BASE + 125;
const SECTION = join('src', 'SummarySection.tsx');
/** The page's antd import (whatever else it names), which the test adds one component to. */
const ANTD_IMPORT = /import \{ Alert, ([^}]*)\} from 'antd';/;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: SHELL_URL });

/** The summary remote's sources in a folder of their own, with one antd component added to its page (if named). */
function remoteUsing(component: string, element: string, catalogueAlias = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'un-later-remote-'));
  cpSync(join(REPO, 'remote-summary', 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(REPO, 'remote-summary', 'package.json'), join(dir, 'package.json'));
  const source = readFileSync(join(dir, SECTION), 'utf8');
  expect(source).toMatch(ANTD_IMPORT);
  if (component)
    writeFileSync(
      join(dir, SECTION),
      source
        .replace(ANTD_IMPORT, (line) => line.replace('Alert,', `Alert, ${component},`))
        .replace('<Flex justify="flex-end">', `${element}<Flex justify="flex-end">`),
    );
  writeFileSync(
    join(dir, 'rspack.config.ts'),
    `import { createConfig } from ${JSON.stringify(join(REPO, 'rspack.base.ts'))};
const base = createConfig({ name: 'remote_summary', dir: ${JSON.stringify(dir)}, exposes: { './SummarySection': './src/SummarySection.tsx' } });
export default (env: unknown, argv: { mode?: string }) => {
  const config = base(env, argv);
  return { ...config, resolve: { ...config.resolve, ${catalogueAlias}modules: [${JSON.stringify(join(REPO, 'node_modules'))}, 'node_modules'] } };
};
`,
  );
  return dir;
}

function build(dir: string): void {
  execFileSync('npx', ['rspack', 'build', '--mode', 'production', '-c', join(dir, 'rspack.config.ts')], {
    cwd: join(REPO, 'remote-summary'),
    stdio: 'pipe',
  });
}

test('a remote built alone with a kit component its own build never used renders beside the unchanged shell', async ({
  page,
}) => {
  // Progress: in the kit (the events section uses it), never in the summary remote or the shell's own pages.
  const dir = remoteUsing('Progress', '<Progress percent={42} format={() => "kit-check 42"} />');
  build(dir);
  const bucket = await startBucket(join(dir, 'dist'), BUCKET_PORT, SHELL_URL);
  const server = await startOwnServer(SHELL_PORT, 'federation-kit', {
    REMOTE_SUMMARY_URL: bucket.url,
  });
  try {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await signIn(page, { email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Rahman' });
    await page.goto('/dashboard/summary');
    await expect(page.getByText('kit-check 42')).toBeVisible();
    expect(scripts.some((url) => url.startsWith(bucket.url))).toBe(true);
    // The progress bar is antd's, rendered with the page's one antd (its class prefix and styles).
    await expect(page.locator('.ant-progress')).toHaveCount(1);
    const loadedFrom = await sharedPackagesLoadedFrom(page);
    for (const pkg of [
      'react',
      'react-dom',
      'antd',
      '@ant-design/icons',
      '@ummahnotify/core',
      '@ummahnotify/domain',
      '@ummahnotify/client',
    ])
      expect(loadedFrom[pkg], pkg).toEqual(['shell']);
  } finally {
    await server.stop();
    await bucket.stop();
  }
});

test("a remote redeployed alone with a corrected text shows it: its texts come from its own build, not the shell's", async ({
  page,
}) => {
  // The summary catalogue as a volunteer corrects it: one English text changed, the shell left as it was built.
  const corrected = 'Summary of the week';
  const catalogue = readFileSync(join(REPO, 'shared', 'domain', 'src', 'i18n', 'summary.ts'), 'utf8');
  expect(catalogue).toContain("title: 'Summary',");
  const dir = mkdtempSync(join(tmpdir(), 'un-corrected-catalogue-'));
  const changed = join(dir, 'summary.ts');
  writeFileSync(
    changed,
    catalogue
      .replace("title: 'Summary',", `title: '${corrected}',`)
      .replace(
        "from './catalogue'",
        `from ${JSON.stringify(join(REPO, 'shared', 'domain', 'src', 'i18n', 'catalogue.ts'))}`,
      ),
  );
  const remote = remoteUsing(
    '',
    '',
    `alias: { ...config.resolve?.alias, '@ummahnotify/domain/catalogues/summary$': ${JSON.stringify(changed)} }, `,
  );
  build(remote);
  const bucket = await startBucket(join(remote, 'dist'), BUCKET_PORT, SHELL_URL);
  const server = await startOwnServer(SHELL_PORT, 'corrected-catalogue', { REMOTE_SUMMARY_URL: bucket.url });
  try {
    await signIn(page, { email: SUPERADMIN_EMAIL, givenName: 'Aisha', familyName: 'Rahman' });
    await page.goto('/dashboard/summary');
    await expect(page.getByRole('heading', { name: corrected })).toBeVisible();
  } finally {
    await server.stop();
    await bucket.stop();
  }
});

test('a remote using an antd component the shell does not ship stops at build time, naming it and what to do', () => {
  const dir = remoteUsing('Rate', '<Rate />');
  let message = '';
  try {
    build(dir);
  } catch (error) {
    message = String((error as { stderr?: Buffer }).stderr ?? error);
  }
  expect(message).toContain('imports the antd component Rate, which the shell does not ship');
  expect(message).toContain('shared/client/src/federation-kit/');
  expect(message).toContain('rebuild and deploy the shell first');
});
