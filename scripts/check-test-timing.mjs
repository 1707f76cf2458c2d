#!/usr/bin/env node
// Tests wait for states, not the clock: finds fixed sleeps (`setTimeout(r, 300)`, `sleep(500)`, `waitForTimeout(`)
// and wall-clock bounds (`Date.now() - started` compared with a number) in the tests outside bench/. The few that
// time a real protocol deadline, or are a polling helper's own interval, are listed with their reason in
// scripts/test-timing-allow.json ({ file, match: text of the matched line, reason }). Prints each other site as
// file:line and exits 1; an allow-list entry that matches nothing fails too, so the list cannot go stale.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ALLOW_FILE = 'scripts/test-timing-allow.json';

/** Where tests live, and which files under them are tests (or test support that waits). */
const ROOTS = ['server/src', 'server/test', 'e2e', 'shell', 'shared', 'public-pages'];
const IS_TEST = /\.(test|spec)\.(ts|tsx|mts|js|mjs)$/;
const SUPPORT_DIRS = ['e2e/support', 'e2e/fixtures', 'server/test/support'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'bench', 'test-results', 'playwright-report', 'coverage']);

const number = String.raw`\d[\d_]*(?:\.\d+)?`;
/** Fixed waits; a 0 ms timeout is a turn of the event loop, not a wait for the clock. */
const SLEEPS = [
  { kind: 'fixed sleep', re: new RegExp(String.raw`setTimeout\(\s*[A-Za-z_$][\w$]*\s*,\s*(${number})\s*\)`, 'g') },
  {
    kind: 'fixed sleep',
    re: new RegExp(String.raw`setTimeout\(\s*\(\)\s*=>\s*[A-Za-z_$][\w$]*\(\)\s*,\s*(${number})\s*\)`, 'g'),
  },
  // node:timers/promises' setTimeout(ms); not jest.setTimeout or test.setTimeout, a test's time budget
  { kind: 'fixed sleep', re: new RegExp(String.raw`(?<![\w$.])setTimeout\(\s*(${number})\s*[,)]`, 'g') },
  { kind: 'fixed sleep', re: new RegExp(String.raw`\b(?:sleep|delay|wait|pause)\(\s*(${number})\s*\)`, 'g') },
  { kind: 'fixed sleep', re: /\bwaitForTimeout\(/g },
  // Give-up times are set once per runner, above a loaded machine's worst (jest.config.cjs and jest/setup.ts, the
  // server's --test-timeout, e2e/playwright*.config.ts): a test's own shorter one is how a slow machine fails a
  // test that would have passed.
  {
    kind: 'own deadline',
    re: /\bjest\.setTimeout\(|\basyncUtilTimeout\s*:|\btest\.(?:setTimeout|slow)\(|\btimeout\s*:\s*\d/g,
  },
  // ... and the waiting helpers' (eventually, a peer's waitFor, deliveriesSettled) is theirs alone: a call that
  // passes a number of ms, on its line or after the callback's closing brace, gives up sooner or later than the rest.
  {
    kind: 'own deadline',
    re: /\b(?:eventually|waitFor|deliveriesSettled)\([^\n]*,\s*\d[\d_]*\s*\)[\s;)\]]*$|^\s*\},\s*\d[\d_]*\s*\);/gm,
  },
];
const NOW_MINUS = String.raw`(?:Date\.now\(\)|performance\.now\(\)|process\.hrtime\.bigint\(\))\s*-\s*`;
/** `<`, `<=`, `>`, `>=` but not `=>`, `>>` or a generic's brackets next to a name. */
const COMPARISON = /(?<![=<>])(?:<=?|>=?)(?![=<>])/;
const JEST_BOUND = /\.toBe(?:LessThan|GreaterThan)(?:OrEqual)?\(/;

function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(path, out);
    } else if (IS_TEST.test(entry.name) || SUPPORT_DIRS.some((d) => path.startsWith(`${d}/`))) {
      if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) out.push(path);
    }
  }
  return out;
}

function testFiles() {
  const remotes = readdirSync(root).filter((name) => name.startsWith('remote-'));
  return [...ROOTS, ...remotes].flatMap((dir) => walk(dir, [])).sort();
}

const isComment = (line) => /^\s*(\/\/|\*|\/\*)/.test(line);
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every timing site of one file: { line (1-based), kind, text }. */
export function sitesIn(source) {
  const lines = source.split('\n');
  const lineAt = (index) => source.slice(0, index).split('\n').length;
  const sites = new Map();
  const add = (line, kind) => {
    if (!isComment(lines[line - 1]) && !sites.has(line)) sites.set(line, { line, kind, text: lines[line - 1].trim() });
  };
  for (const { kind, re } of SLEEPS)
    for (const m of source.matchAll(re))
      if (m[1] === undefined || Number(m[1].replaceAll('_', '')) > 0) add(lineAt(m.index), kind);

  // A bound on one line: `Date.now() - started < 100`, `expect(performance.now() - t).toBeLessThan(50)`.
  const nowMinus = new RegExp(NOW_MINUS);
  lines.forEach((text, i) => {
    if (nowMinus.test(text) && (COMPARISON.test(text.replace(/=>/g, '')) || JEST_BOUND.test(text)))
      add(i + 1, 'wall-clock bound');
  });
  // A bound through a name: `const waited = Date.now() - stoppedAt;` (or `{ ms: Date.now() - started }`),
  // then `waited < 15_000` anywhere in the file.
  const named = new RegExp(
    String.raw`(?:(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=|([A-Za-z_$][\w$]*)\s*:)[^;\n]*?${NOW_MINUS}`,
    'g',
  );
  const names = new Set([...source.matchAll(named)].map((m) => m[1] ?? m[2]));
  for (const name of names) {
    const n = escapeRegExp(name);
    const compared = new RegExp(
      String.raw`(?:(?<![\w$.])${n}(?![\w$])\s*(?:<=?|>=?)(?![=<>])|(?<![=<>])(?:<=?|>=?)\s*${n}(?![\w$(])|expect\(\s*${n}\s*\)${JEST_BOUND.source})`,
    );
    lines.forEach((text, i) => {
      if (compared.test(text.replace(/=>/g, ''))) add(i + 1, 'wall-clock bound');
    });
  }
  return [...sites.values()].sort((a, b) => a.line - b.line);
}

function main() {
  const allow = JSON.parse(readFileSync(join(root, ALLOW_FILE), 'utf8'));
  for (const entry of allow)
    if (!entry.file || !entry.match || !entry.reason?.trim())
      throw new Error(`${ALLOW_FILE}: every entry needs file, match and reason: ${JSON.stringify(entry)}`);
  const used = new Set();
  const offending = [];
  const files = testFiles();
  for (const file of files) {
    for (const site of sitesIn(readFileSync(join(root, file), 'utf8'))) {
      const entry = allow.find((a) => a.file === file && site.text.includes(a.match));
      if (entry) used.add(entry);
      else offending.push(`${file}:${site.line}: ${site.kind}: ${site.text}`);
    }
  }
  const stale = allow.filter((a) => !used.has(a));
  for (const line of offending) console.log(line);
  for (const a of stale) console.log(`${ALLOW_FILE}: matches nothing any more (remove it): ${a.file}: ${a.match}`);
  const relativeAllow = relative(process.cwd(), join(root, ALLOW_FILE)) || ALLOW_FILE;
  if (offending.length > 0 || stale.length > 0) {
    console.log(
      `\n${offending.length} fixed sleep(s), wall-clock bound(s) or own give-up time(s) in ${files.length} test files: wait for the state ` +
        `(server/test/support/staff.ts eventually, expect.poll, waitFor) or move an injected clock instead. ` +
        `Only a real protocol deadline may stay, listed in ${relativeAllow} with its reason.`,
    );
    process.exit(1);
  }
  console.log(
    `test timing: no fixed sleep, wall-clock bound or own give-up time in ${files.length} test files (${allow.length} allowed)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
