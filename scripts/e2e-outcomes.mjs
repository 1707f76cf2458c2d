// What a Playwright run's JSON report comes to in `npm test`'s summary (scripts/test.mjs): a test that passed only on
// its retry fails the run unless e2e/quarantine.json names it, and every flaky, quarantined and skipped test is named.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** More than this many quarantined tests and the quarantine is refused: it is a short list of open problems. */
export const QUARANTINE_MAX = 3;
const FIELDS = ['title', 'file', 'reason', 'date'];

/**
 * The quarantine file: a JSON array of `{ title, file, reason, date }`, where `title` is the test's title as the
 * summary prints it (its describe blocks' titles first, joined by " › "), `file` its path under e2e/, `reason` why it is
 * flaky and where that is followed up, `date` (YYYY-MM-DD) when it was put there. A missing file is an empty list.
 * Returns the entries, and `problem` when the file is refused (then no test is quarantined).
 */
export function readQuarantine(path) {
  if (!existsSync(path)) return { entries: [] };
  let entries;
  try {
    entries = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { entries: [], problem: `${path} is not JSON: ${error.message}` };
  }
  if (!Array.isArray(entries)) return { entries: [], problem: `${path} must hold an array of tests` };
  if (entries.length > QUARANTINE_MAX)
    return {
      entries: [],
      problem: `${path} holds ${entries.length} tests, at most ${QUARANTINE_MAX} are allowed: fix the flaky tests instead`,
    };
  for (const [i, entry] of entries.entries()) {
    const missing = FIELDS.filter((field) => typeof entry?.[field] !== 'string' || entry[field].trim() === '');
    if (missing.length) return { entries: [], problem: `${path}: test ${i + 1} lacks ${missing.join(', ')}` };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.date))
      return { entries: [], problem: `${path}: test ${i + 1}'s date is not YYYY-MM-DD: ${entry.date}` };
  }
  return { entries };
}

/** Every test of the report: its file under `e2eDir`, line, title (describe titles first) and result. */
function testsOf(report, e2eDir) {
  const rootDir = report?.config?.rootDir ?? e2eDir;
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        found.push({
          file: relative(e2eDir, join(rootDir, spec.file)),
          line: spec.line,
          title: [...titles, spec.title].join(' › '),
          status: test.status,
          skipReason: (test.annotations ?? []).find((a) => a.type === 'skip' || a.type === 'fixme')?.description,
        });
    // A file's own suite is titled with its path: the title starts with the describe blocks inside it.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const fileSuite of report?.suites ?? []) walk(fileSuite, []);
  return found;
}

/**
 * A Playwright run's counts and notes. `exitCode` is the runner's; `quarantine` what readQuarantine returned.
 * passed: expected, plus flaky ones that are quarantined; failed: unexpected, flaky ones that are not quarantined, a
 * refused quarantine file, and a run that failed with no failed test (it did not start, an error outside a test).
 */
export function playwrightOutcomes(report, { exitCode, quarantine, e2eDir }) {
  const notes = (report?.errors ?? []).map((e) => `error outside a test: ${(e.message ?? '').split('\n')[0]}`);
  if (quarantine.problem) notes.push(`quarantine refused: ${quarantine.problem}`);
  const quarantined = (t) => quarantine.entries.find((q) => q.file === t.file && q.title === t.title);
  let passed = 0;
  let failed = quarantine.problem ? 1 : 0;
  let flaky = 0;
  let skipped = 0;
  const flakeNames = new Set();
  const tests = testsOf(report, e2eDir);
  for (const t of tests) {
    const name = `${t.file}:${t.line} ${t.title}`;
    if (t.status === 'expected') passed += 1;
    else if (t.status === 'unexpected') {
      failed += 1;
      notes.push(`FAILED: ${name}`);
    } else if (t.status === 'skipped') {
      skipped += 1;
      notes.push(`skipped: ${name}${t.skipReason ? ` (${t.skipReason})` : ''}`);
    } else if (t.status === 'flaky') {
      flaky += 1;
      const entry = quarantined(t);
      if (entry) {
        passed += 1;
        flakeNames.add(`${t.file} ${t.title}`);
        notes.push(`quarantined flaky (passed on retry): ${name} (${entry.reason}; since ${entry.date})`);
      } else {
        failed += 1;
        notes.push(`FLAKY, fails the run (passed only on retry, not in e2e/quarantine.json): ${name}`);
      }
    }
  }
  const files = new Set(tests.map((t) => t.file));
  for (const q of quarantine.entries)
    if (files.has(q.file) && !flakeNames.has(`${q.file} ${q.title}`))
      notes.push(`quarantined, not flaky this run: ${q.file} ${q.title}`);
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    notes.push(`the run ended with code ${exitCode} and no failed test`);
  }
  return { passed, failed, flaky, skipped, notes };
}
