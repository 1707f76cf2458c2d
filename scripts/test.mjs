#!/usr/bin/env node
// `npm test`: every test of the project, in order: the static checks (biome's lint and format, whose import rules
// hold the boundaries of the shared packages, the tests' timing (scripts/check-test-timing.mjs) and tsc for every workspace),
// front-end unit/component tests (jest), server tests (node:test; SQLite, plus PostgreSQL when TEST_DATABASE_URL is set), a
// section scaffolded into a copy, the runner's reading of Playwright's reports, the front-end builds, then e2e in Chromium, and
// the three-instance e2e on PostgreSQL. The server is built (server/dist) before its tests, which start it as production
// does. Every step runs even when an earlier one fails; the closing line adds up all of them.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { playwrightOutcomes, readQuarantine } from './e2e-outcomes.mjs';
import { closingCount, skippedNodeCount, skippedNodeTests } from './node-test-outcomes.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'un-test-'));
const results = [];

function run(name, command, args, options = {}) {
  return new Promise((resolve) => {
    console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
    const started = Date.now();
    let output = '';
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code, output, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

/**
 * One step's counts. `flaky` (passed only on a retry) and `skipped` are printed beside passed and failed, so a
 * green run says what did not run cleanly or at all.
 */
function count(name, res, passed, failed, notes = [], { flaky = 0, skipped = 0 } = {}) {
  results.push({
    name,
    ok: res.code === 0 && failed === 0,
    passed,
    failed,
    flaky,
    skipped,
    seconds: res.seconds,
    notes,
  });
}

/** A node:test run, counted from its closing lines (`# pass 3` or `ℹ pass 3`); what it skipped is named with why. */
function countNodeTests(name, res) {
  const pick = (label) => closingCount(res.output, label);
  const notes = skippedNodeTests(res.output);
  count(name, res, pick('pass'), pick('fail') + (res.code !== 0 && pick('fail') === 0 ? 1 : 0), notes, {
    skipped: skippedNodeCount(res.output, notes),
  });
}

// 0. Static checks: biome (lint, format, the shared packages' import boundaries), the tests' timing, then tsc per workspace
{
  const lint = await run('lint (biome check)', 'npx', ['biome', 'check', '.']);
  count('lint', lint, lint.code === 0 ? 1 : 0, lint.code === 0 ? 0 : 1);
  // Tests wait for states, not the clock: no fixed sleep or wall-clock bound outside the allow-list.
  const timingSelf = await run('test timing: the check itself', 'node', [
    '--test',
    'scripts/check-test-timing.test.mjs',
  ]);
  const timing = await run('test timing (fixed sleeps, wall-clock bounds)', 'node', ['scripts/check-test-timing.mjs']);
  const timingOk = timingSelf.code === 0 && timing.code === 0;
  count('test timing', { ...timing, seconds: timingSelf.seconds + timing.seconds }, timingOk ? 1 : 0, timingOk ? 0 : 1);
  const types = await run('typecheck (tsc per workspace)', 'npm', ['run', 'typecheck']);
  count('typecheck', types, types.code === 0 ? 1 : 0, types.code === 0 ? 0 : 1);
}

// 1. Front end: jest
{
  const out = join(tmp, 'jest.json');
  // jest's default on two cores is one worker beside an idle parent: two keep both cores busy.
  const res = await run('front-end tests (jest)', 'npx', [
    'jest',
    '--ci',
    '--maxWorkers=2',
    '--json',
    `--outputFile=${out}`,
  ]);
  const j = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
  count('front end', res, j.numPassedTests, j.numFailedTests + (res.code !== 0 && j.numFailedTests === 0 ? 1 : 0), [], {
    skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  });
}

// 2. Server: node:test. First its build (server/scripts/build.mjs, about a second): the tests that start the server as
//    production does (shutdown, crash, main) run `node server/dist/main.js`.
{
  const build = await run('server build (esbuild)', 'npm', ['run', 'build', '-w', 'server']);
  if (build.code !== 0) count('server build', build, 0, 1);
}
countNodeTests('server', await run('server tests (node:test)', 'npm', ['test', '-w', 'server']));

// 2b. The section skeleton: `npm run new-section` into a temporary copy, whose new section must build and pass
//     its tests (scripts/new-section.test.mjs)
countNodeTests(
  'new section',
  await run('new section (scaffold, build, test)', 'node', ['--test', 'scripts/new-section.test.mjs']),
);

// 2c. The runner's own reading of Playwright's reports (flaky tests, the quarantine, skipped tests)
countNodeTests(
  'test runner',
  await run('test runner (e2e outcomes, node:test skips)', 'node', [
    '--test',
    'scripts/e2e-outcomes.test.mjs',
    'scripts/node-test-outcomes.test.mjs',
  ]),
);

// 3. Builds (shell and each remote, each on its own)
{
  const res = await run('front-end builds', 'npm', ['run', 'build']);
  count('builds', res, res.code === 0 ? 1 : 0, res.code === 0 ? 0 : 1);
}

// 3b. Size budget: JavaScript per page of the build just made, in Chromium (bench/frontend/budgets.json)
{
  const res = await run('size budget (bytes per page)', 'node', ['scripts/size-budget.mjs'], {
    env: { CHROMIUM_PATH: await ensureChromium() },
  });
  const [, within = 0, over = 0] = (res.output.match(/size budget: (\d+) within, (\d+) over/) ?? []).map(Number);
  count('size budget', res, within, over + (res.code !== 0 && over === 0 ? 1 : 0));
}

/**
 * One Playwright run in e2e/, counted from its JSON report (scripts/e2e-outcomes.mjs): a test that passed only on its
 * retry fails the step unless e2e/quarantine.json (at most 3 tests) names it; flaky, quarantined and skipped tests
 * are named in the summary.
 */
async function playwright(name, label, args) {
  const chromium = await ensureChromium();
  const out = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const res = await run(label, 'npx', ['playwright', 'test', ...args], {
    cwd: 'e2e',
    env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
  const outcome = playwrightOutcomes(report, {
    exitCode: res.code,
    quarantine: readQuarantine(join('e2e', 'quarantine.json')),
    e2eDir: resolve('e2e'),
  });
  count(name, res, outcome.passed, outcome.failed, outcome.notes, outcome);
}

// 4. End to end in Chromium
await playwright('e2e', 'e2e (Playwright, Chromium)', []);

// 5. Several instances (docs/decisions/2026-11-24-instances-share-state-through-the-database.md): three servers on one PostgreSQL behind a round-robin proxy, in Chromium,
//    with their own Playwright config and processes; skipped without TEST_DATABASE_URL.
await playwright('e2e instances', 'e2e, three instances (Playwright, Chromium)', [
  '-c',
  'playwright.instances.config.ts',
]);

console.log('\n=== summary');
// The summary names what failed (CI shows only the end of the log).
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.flaky} flaky, ${r.skipped} skipped (${r.seconds} s)`,
  );
  for (const note of r.notes) console.log(`       ${note}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const flaky = results.reduce((n, r) => n + r.flaky, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
console.log(
  `flaky (passed only on a retry): ${flaky}, each failing the run unless in e2e/quarantine.json; not run: ${skipped} skipped`,
);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
