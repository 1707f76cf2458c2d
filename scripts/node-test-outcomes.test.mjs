import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { skippedNodeCount, skippedNodeTests } from './node-test-outcomes.mjs';

// Real output of node:test, written by Node itself: a file with a skipped suite and a skipped test, one with a reason
// and one without, run by this very Node with each reporter.
const FIXTURE = `
import { describe, test } from 'node:test';
describe('a suite skipped without a reason', { skip: true }, () => { test('inner', () => {}); });
describe('a suite that runs', () => {
  test('a test skipped for a reason', { skip: 'needs PostgreSQL' }, () => {});
  test('a test that passes', () => {});
});
`;

function run(reporter) {
  const dir = mkdtempSync(join(tmpdir(), 'node-test-outcomes-'));
  const file = join(dir, 'fixture.test.mjs');
  writeFileSync(file, FIXTURE);
  // Without the variable that tells a child of a test run to report to its parent instead of printing.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  return spawnSync(process.execPath, ['--test', `--test-reporter=${reporter}`, file], { encoding: 'utf8', env }).stdout;
}

for (const reporter of ['tap', 'spec']) {
  test(`skipped tests and suites are named with their reason (${reporter} reporter)`, () => {
    assert.deepEqual(skippedNodeTests(run(reporter)), [
      'skipped: a suite skipped without a reason (no reason given)',
      'skipped: a test skipped for a reason (needs PostgreSQL)',
    ]);
  });

  test(`the skipped suite counts beside the skipped test (${reporter} reporter)`, () => {
    assert.equal(skippedNodeCount(run(reporter)), 2);
  });
}

test('a test whose name only mentions skipping is not taken for a skipped one', () => {
  assert.deepEqual(skippedNodeTests('ok 149 - a script has nothing to skip\n  duration_ms: 3\n'), []);
});
