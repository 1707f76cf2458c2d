import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sitesIn } from './check-test-timing.mjs';

const lines = (source) => sitesIn(source).map((s) => `${s.line} ${s.kind}`);

test('finds fixed sleeps: a promise around setTimeout, sleep(), timers/promises, waitForTimeout', () => {
  const source = [
    'await new Promise((r) => setTimeout(r, 300));',
    'await new Promise((resolve) => setTimeout(resolve, 1_500));',
    'await new Promise((r) => setTimeout(() => r(), 200));',
    'await sleep(500);',
    "import { setTimeout as wait } from 'node:timers/promises'; await setTimeout(250);",
    'await page.waitForTimeout(1_300);',
  ].join('\n');
  assert.deepEqual(
    lines(source),
    [1, 2, 3, 4, 5, 6].map((n) => `${n} fixed sleep`),
  );
});

test('finds wall-clock bounds, on one line or through a name', () => {
  const source = [
    "assert.ok(Date.now() - started < 100, 'fast');",
    'const waited = Date.now() - stoppedAt;',
    'assert.ok(waited >= 9_500 && waited < 15_000);',
    'resolve({ ms: performance.now() - t0, answer });',
    'expect(ms).toBeLessThan(2000);',
    'const seconds = (Date.now() - started) / 1000;',
    'assert.ok(seconds < 5);',
  ].join('\n');
  assert.deepEqual(
    lines(source),
    [1, 3, 5, 7].map((n) => `${n} wall-clock bound`),
  );
});

test('finds a test setting its own give-up time, which each runner sets once in its configuration', () => {
  const source = [
    'jest.setTimeout(30_000);',
    'configure({ asyncUtilTimeout: 8000 });',
    'test.setTimeout(120_000);',
    'test.slow();',
    "await expect(page.getByText('Saved')).toBeVisible({ timeout: 30_000 });",
    'await expect.poll(counts, { timeout: 15_000 }).toEqual([1, 1]);',
    "screen.findByText('Saved', {}, { timeout: 5000 });",
    "test('sends it', { timeout: 240_000 }, async () => {});",
    'await eventually(async () => (await unsent()) === 0, 180_000);',
    'const [mail] = await smtp.waitFor(1, 20_000);',
    'await deliveriesSettled(server.app.db, 60_000);',
    '  }, 90_000);',
  ].join('\n');
  assert.deepEqual(
    lines(source),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `${n} own deadline`),
  );
});

test('leaves alone what does not wait for the clock', () => {
  const source = [
    'await new Promise((r) => setTimeout(r, 0));',
    'const [mail] = await smtp.waitFor(1);',
    'await eventually(async () => rows.length === count(3));',
    'const due = new Date(Date.now() - 5 * DAY).toISOString();',
    'const timer = setTimeout(() => { socket.destroy(); reject(new Error("open")); }, LIMIT);',
    'const elapsed = Date.now() - started; console.log(elapsed);',
    'items.filter((x) => x.at < Date.now());',
    '// await new Promise((r) => setTimeout(r, 300)); in a comment',
  ].join('\n');
  assert.deepEqual(lines(source), []);
});
