#!/usr/bin/env node
// A single remote redeployed alone, as a returning visitor pays for it (the product owner's budget: "a remote redeployed alone costs a
// returning visitor only that remote's changed files"). Uses the repository's build (`npm run build` first):
// 1. serves a copy of it (bench/frontend/.builds/redeploy/, as `npm start` serves the build: serve.mts);
// 2. signs in as the admin to the janaza list, then opens the events section, in one browser profile;
// 3. redeploys the events remote alone: one string of remote-events/src changed, `npm run build -w remote-events`
//    with a deploy tag (UN_BUILD_LABEL), its dist put in place of the served one; the source and the repository's own
//    remote-events/dist are put back at once (also at the start of a later run, if this one was stopped half-way);
// 4. the same profile opens the janaza list again in a new tab, then the events section, until the section shows
//    the new build's label, and lists every file (not the API) that came over the wire with a body.
// Exits non-zero if a file outside /remotes/events/ came with a body. Usage: node bench/frontend/redeploy.mjs
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRONT_END_PACKAGES } from '../../scripts/workspaces.mjs';
import {
  ADMIN,
  JANAZA_LIST_PATH,
  kb,
  launchChromium,
  openSection,
  ROOT,
  showJanazaList,
  signInDemo,
  startServer,
  wireBytes,
} from './page-walk.mjs';

const REMOTE = 'events';
const PACKAGE = `remote-${REMOTE}`;
const PREFIX = `/remotes/${REMOTE}/`;
const BUILDS = join(ROOT, 'bench/frontend/.builds');
/** What the server serves: the repository's build, then with the redeployed remote. */
const DEPLOYED = join(BUILDS, 'redeploy');
/** The repository's own remote-events/dist, set aside while the changed source builds. */
const KEPT = join(BUILDS, 'redeploy-kept-dist');
const DIST = join(ROOT, PACKAGE, 'dist');
/** The change: one string of the events list's code (its error log), in a chunk the events section loads. */
const SOURCE = join(ROOT, PACKAGE, 'src/events/components/EventsList.tsx');
const ORIGINAL = 'console.error(`Events list: ';
const CHANGED = 'console.error(`Events list (redeployed): ';
const LABEL = `${PACKAGE} redeploy ${new Date().toISOString()}`;

/** Puts the source and the repository's remote-events/dist back as they were (a no-op when they are). */
function restore() {
  const text = readFileSync(SOURCE, 'utf8');
  if (text.includes(CHANGED)) writeFileSync(SOURCE, text.replace(CHANGED, ORIGINAL));
  if (existsSync(KEPT)) {
    rmSync(DIST, { recursive: true, force: true });
    renameSync(KEPT, DIST);
  }
}

/** The files of a dist folder (no .br, .gz or .map) and a hash of each. */
function filesOf(dir) {
  const files = new Map();
  for (const name of readdirSync(dir, { recursive: true }).map(String)) {
    if (/\.(br|gz|map)$/.test(name)) continue;
    const path = join(dir, name);
    try {
      files.set(name, createHash('sha256').update(readFileSync(path)).digest('hex'));
    } catch {} // a folder
  }
  return files;
}

/** Every response of `page` that is not an API call (/api/, /app-config.json), with its body bytes on the wire (wireBytes). */
function recordFiles(page) {
  const seen = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/') || path === '/app-config.json') return;
    seen.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({
          path,
          type: response.request().resourceType(),
          wire: wireBytes(sizes),
          // See wireBytes: a cache hit has a negative responseBodySize, a 304 revalidation 0.
          how: sizes.responseBodySize < 0 ? 'cache' : sizes.responseBodySize === 0 ? 'revalidated' : 'wire',
          fromServiceWorker: response.fromServiceWorker(),
        }))
        .catch(() => null),
    );
  });
  return async () => {
    await page.waitForLoadState('networkidle');
    return (await Promise.all(seen)).filter(Boolean);
  };
}

restore(); // a run stopped half-way left the change in place
const missing = FRONT_END_PACKAGES.filter((pkg) => !existsSync(join(ROOT, pkg, 'dist')));
if (missing.length) {
  console.error(`no build of ${missing.join(', ')}: run \`npm run build\` first`);
  process.exit(2);
}
if (!readFileSync(SOURCE, 'utf8').includes(ORIGINAL)) {
  console.error(`${SOURCE} no longer holds ${ORIGINAL}: choose another string to change in this script`);
  process.exit(2);
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    restore();
    process.exit(130);
  });

rmSync(DEPLOYED, { recursive: true, force: true });
for (const pkg of FRONT_END_PACKAGES) cpSync(join(ROOT, pkg, 'dist'), join(DEPLOYED, pkg, 'dist'), { recursive: true });
const before = filesOf(join(DEPLOYED, PACKAGE, 'dist'));

const started = performance.now();
const server = await startServer(DEPLOYED, Number(process.env.E2E_PORT_BASE ?? 4600) + 270);
const browser = await launchChromium();
let strays = 0;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await signInDemo(page, server.url, ADMIN);
  // The janaza list at the address the return opens: the HTTP cache keeps a page per URL, and a dashboard URL
  // never loaded before brings the shell's index.html again (440 bytes), whatever was redeployed.
  await page.goto(`${server.url}${JANAZA_LIST_PATH}`);
  await showJanazaList(page);
  await openSection(page, REMOTE);
  const oldLabel = await page.getByTestId('section-build').textContent();
  await page.waitForLoadState('networkidle');
  await page.close();

  // The redeploy: the events remote alone, built from the changed source with a deploy tag, put in place.
  const redeployStarted = performance.now();
  try {
    renameSync(DIST, KEPT);
    writeFileSync(SOURCE, readFileSync(SOURCE, 'utf8').replace(ORIGINAL, CHANGED));
    execFileSync('npm', ['run', 'build', '-w', PACKAGE], {
      cwd: ROOT,
      env: { ...process.env, UN_BUILD_LABEL: LABEL },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    rmSync(join(DEPLOYED, PACKAGE, 'dist'), { recursive: true, force: true });
    cpSync(DIST, join(DEPLOYED, PACKAGE, 'dist'), { recursive: true });
  } finally {
    restore();
  }
  const redeploySeconds = (performance.now() - redeployStarted) / 1000;
  const after = filesOf(join(DEPLOYED, PACKAGE, 'dist'));
  const changed = [...after].filter(([name, hash]) => before.get(name) !== hash).map(([name]) => name);

  // The return: the same profile (cookies and HTTP cache kept), a new tab, the janaza list, then the events section.
  const again = await context.newPage();
  again.setDefaultTimeout(120_000);
  const take = recordFiles(again);
  await again.goto(`${server.url}${JANAZA_LIST_PATH}`);
  await showJanazaList(again);
  await openSection(again, REMOTE);
  // The section shows the new build's label: the redeployed remote is the one running.
  await again.getByTestId('section-build').filter({ hasText: LABEL }).waitFor({ state: 'visible' });
  const files = await take();
  await context.close();

  const fromWorker = files.filter((f) => f.fromServiceWorker);
  if (fromWorker.length) throw new Error(`answered by a service worker: ${fromWorker.map((f) => f.path)}`);
  const overWire = files.filter((f) => f.wire > 0);
  strays = overWire.filter((f) => !f.path.startsWith(PREFIX)).length;
  const count = (how) => files.filter((f) => f.how === how).length;
  console.log(
    `before: ${oldLabel}\nafter:  the section shows "${LABEL}" (redeploy built in ${redeploySeconds.toFixed(0)} s)`,
  );
  console.log(
    `${PACKAGE}/dist: ${changed.length} of ${after.size} files changed or new (${changed.filter((n) => n.endsWith('.js')).join(', ')}${changed.some((n) => !n.endsWith('.js')) ? `; ${changed.filter((n) => !n.endsWith('.js')).join(', ')}` : ''})\n`,
  );
  console.log('| file | type | bytes on the wire (body, as sent) |\n|---|---|---|');
  for (const f of overWire)
    console.log(
      `| ${f.path}${f.path.startsWith(PREFIX) ? '' : ' (NOT the redeployed remote)'} | ${f.type} | ${f.wire} |`,
    );
  const total = overWire.reduce((n, f) => n + f.wire, 0);
  const scripts = overWire.filter((f) => f.type === 'script');
  console.log(
    `| total | | ${total} (${kb(total)}; JavaScript ${kb(scripts.reduce((n, f) => n + f.wire, 0))} in ${scripts.length} files) |`,
  );
  console.log(
    `\n${files.length} files (the API not counted): ${overWire.length} over the wire with a body, ${count('revalidated')} revalidated (304, no body), ${count('cache')} read from the HTTP cache`,
  );
  console.log(
    strays
      ? `FAILED: ${strays} file(s) outside ${PREFIX} came over the wire`
      : `ok: only ${PREFIX} files came over the wire (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
process.exit(strays ? 1 : 0);
