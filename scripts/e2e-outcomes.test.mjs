// How `npm test` reads a Playwright JSON report (scripts/e2e-outcomes.mjs). Run by `npm test` (scripts/test.mjs) or
// alone: node --test scripts/e2e-outcomes.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { playwrightOutcomes, readQuarantine } from './e2e-outcomes.mjs';

const E2E = '/repo/e2e';

/** A report as Playwright's JSON reporter writes it: file suites (titled with their path), describe suites, specs. */
function report(specs, { errors = [] } = {}) {
  return {
    config: { rootDir: `${E2E}/tests` },
    errors,
    suites: [
      {
        title: 'events.spec.ts',
        file: 'events.spec.ts',
        specs: [],
        suites: [
          {
            title: 'events: poster, prompt',
            file: 'events.spec.ts',
            specs: specs.map(([title, status, annotations = []], i) => ({
              title,
              file: 'events.spec.ts',
              line: 10 + i,
              tests: [{ status, annotations }],
            })),
          },
        ],
      },
    ],
  };
}

const quarantineFile = (content) => {
  const path = join(mkdtempSync(join(tmpdir(), 'un-quarantine-')), 'quarantine.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const entry = (title, more = {}) => ({
  title: `events: poster, prompt › ${title}`,
  file: 'tests/events.spec.ts',
  reason: 'the OCR worker starts slowly on a loaded machine; followed up in the flaky-OCR note',
  date: '2026-11-28',
  ...more,
});
const outcomes = (specs, quarantine, exitCode = 0) =>
  playwrightOutcomes(report(specs), { exitCode, quarantine, e2eDir: E2E });

test('a test that passed only on its retry fails the run, by name', () => {
  const result = outcomes(
    [
      ['drafts an event', 'expected'],
      ['reads each poster', 'flaky'],
    ],
    { entries: [] },
  );
  assert.deepEqual([result.passed, result.failed, result.flaky, result.skipped], [1, 1, 1, 0]);
  assert.deepEqual(result.notes, [
    'FLAKY, fails the run (passed only on retry, not in e2e/quarantine.json): tests/events.spec.ts:11 events: poster, prompt › reads each poster',
  ]);
});

test('a quarantined flaky test passes, and the summary names it with its reason and date', () => {
  const result = outcomes([['reads each poster', 'flaky']], { entries: [entry('reads each poster')] });
  assert.deepEqual([result.passed, result.failed, result.flaky], [1, 0, 1]);
  assert.deepEqual(result.notes, [
    'quarantined flaky (passed on retry): tests/events.spec.ts:10 events: poster, prompt › reads each poster (the OCR worker starts slowly on a loaded machine; followed up in the flaky-OCR note; since 2026-11-28)',
  ]);
});

test('the quarantine names a test by its file too', () => {
  const result = outcomes([['reads each poster', 'flaky']], {
    entries: [entry('reads each poster', { file: 'tests/janaza.spec.ts' })],
  });
  assert.equal(result.failed, 1);
});

test('skipped tests are named, with the reason given to test.skip', () => {
  const result = outcomes(
    [
      ['drafts an event', 'skipped', [{ type: 'skip', description: 'needs PostgreSQL' }]],
      ['reads each poster', 'skipped'],
    ],
    { entries: [] },
  );
  assert.deepEqual([result.passed, result.failed, result.skipped], [0, 0, 2]);
  assert.deepEqual(result.notes, [
    'skipped: tests/events.spec.ts:10 events: poster, prompt › drafts an event (needs PostgreSQL)',
    'skipped: tests/events.spec.ts:11 events: poster, prompt › reads each poster',
  ]);
});

test('failed tests, errors outside tests and a failed run without a failed test all count as failed', () => {
  const failed = outcomes([['drafts an event', 'unexpected']], { entries: [] }, 1);
  assert.equal(failed.failed, 1);
  assert.deepEqual(failed.notes, ['FAILED: tests/events.spec.ts:10 events: poster, prompt › drafts an event']);
  const outside = playwrightOutcomes(report([], { errors: [{ message: 'webServer exited\nmore' }] }), {
    exitCode: 1,
    quarantine: { entries: [] },
    e2eDir: E2E,
  });
  assert.equal(outside.failed, 1);
  assert.equal(outside.notes[0], 'error outside a test: webServer exited');
  assert.equal(playwrightOutcomes(undefined, { exitCode: 1, quarantine: { entries: [] }, e2eDir: E2E }).failed, 1);
});

test('a quarantined test that did not flake is said, so it can leave the list', () => {
  const result = outcomes([['reads each poster', 'expected']], { entries: [entry('reads each poster')] });
  assert.deepEqual(result.notes, [
    'quarantined, not flaky this run: tests/events.spec.ts events: poster, prompt › reads each poster',
  ]);
});

test('the quarantine file: at most 3 tests, each with title, file, reason and date; none is read as empty', () => {
  assert.deepEqual(readQuarantine('/no/such/quarantine.json'), { entries: [] });
  const three = [entry('a'), entry('b'), entry('c')];
  assert.deepEqual(readQuarantine(quarantineFile(three)), { entries: three });

  const four = readQuarantine(quarantineFile([...three, entry('d')]));
  assert.deepEqual(four.entries, []);
  assert.match(four.problem, /holds 4 tests, at most 3 are allowed/);
  assert.match(readQuarantine(quarantineFile([entry('a', { reason: ' ' })])).problem, /test 1 lacks reason/);
  assert.match(readQuarantine(quarantineFile([entry('a', { date: '28/11/2026' })])).problem, /not YYYY-MM-DD/);
  assert.match(readQuarantine(quarantineFile('{')).problem, /is not JSON/);
  assert.match(readQuarantine(quarantineFile({ tests: [] })).problem, /must hold an array/);
});

test('a refused quarantine fails the run and quarantines nothing', () => {
  const result = outcomes([['reads each poster', 'flaky']], { entries: [], problem: 'e2e/quarantine.json holds 4' });
  assert.equal(result.failed, 2);
  assert.deepEqual(result.notes.slice(0, 1), ['quarantine refused: e2e/quarantine.json holds 4']);
});

test('the repository’s quarantine file is accepted', () => {
  assert.equal(readQuarantine(join(import.meta.dirname, '..', 'e2e', 'quarantine.json')).problem, undefined);
});
