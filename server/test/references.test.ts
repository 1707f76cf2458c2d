import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

/**
 * Every reference in the repository stays inside it: the product is described in docs/product/, the design in
 * docs/architecture.md, the reasons in docs/decisions/. A person who clones the repository cannot follow a pointer
 * to the product owner's specification or design beside the clone, nor to a tracker's issue number, so this
 * test fails on each such reference in a tracked text file and names it file:line.
 *
 * Not scanned: this file (it spells the patterns out), lockfiles, binary files (a NUL byte in the first 8 KB) and
 * the screenshot snapshots. In docs/decisions/, dated records, an issue number is history and is allowed; a
 * pointer to the specification or the design is not.
 */
const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], {
  cwd: import.meta.dirname,
  encoding: 'utf8',
}).trim();
const SELF = relative(ROOT, import.meta.filename);

const SKIPPED = [/(^|\/)node_modules\//, /(^|\/)package-lock\.json$/, /\.lock$/, /-snapshots\//];
const HISTORY = /^docs\/decisions\//;

interface Rule {
  name: string;
  pattern: RegExp;
  /** Rules that docs/decisions/ may break (its records are dated history). */
  history?: boolean;
  /** A further check of a match: false lets it pass. */
  offends?: (file: string, match: RegExpExecArray) => boolean;
}

const RULES: Rule[] = [
  { name: 'the specification file', pattern: /\bSPEC\.md\b/g },
  { name: 'the architecture file', pattern: /\bARCHITECTURE\.md\b/g },
  { name: 'a section of the specification', pattern: /\bSPEC\b/g },
  { name: 'the architecture page by name', pattern: /\bARCHITECTURE\b/g },
  {
    name: 'a path out of the repository into ../shared/',
    // A relative path ending in shared/ that climbs above the repository's root (`../../shared/client/test` from a
    // package's src/ stays inside: the repository's own shared/ packages).
    pattern: /(?:\.\.\/)+shared\//g,
    offends: (file, match) => {
      const target = resolve(ROOT, dirname(file), match[0]);
      return relative(ROOT, target).startsWith('..');
    },
  },
  { name: 'an issue number of a tracker', pattern: /\bissues? #?\d+/gi, history: true },
];

function trackedTextFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return files.filter((file) => file !== SELF && !SKIPPED.some((p) => p.test(file)));
}

function offenders(): string[] {
  const found: string[] = [];
  for (const file of trackedTextFiles()) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(ROOT, file));
    } catch {
      continue; // listed by git but absent from the work tree (deleted, not yet staged)
    }
    if (bytes.subarray(0, 8192).includes(0)) continue;
    const lines = bytes.toString('utf8').split('\n');
    lines.forEach((line, index) => {
      for (const rule of RULES) {
        if (rule.history && HISTORY.test(file)) continue;
        for (const match of line.matchAll(rule.pattern)) {
          if (rule.offends && !rule.offends(file, match)) continue;
          found.push(`${file}:${index + 1}: ${rule.name}: ${line.trim().slice(0, 160)}`);
        }
      }
    });
  }
  return found;
}

test('no reference leaves the repository (specification, architecture, ../shared/, issue numbers)', () => {
  const found = offenders();
  assert.equal(
    found.length,
    0,
    `${found.length} references point outside the repository; point them at docs/product/, docs/architecture.md or a decision record:\n${found.join('\n')}`,
  );
});

test('the rules catch what they are meant to', () => {
  const hit = (rule: string, text: string, file = 'server/src/x.ts') => {
    const r = RULES.find((x) => x.name === rule);
    assert.ok(r);
    return [...text.matchAll(r.pattern)].some((m) => !r.offends || r.offends(file, m));
  };
  assert.ok(hit('a section of the specification', '(SPEC §2)'));
  assert.ok(!hit('a section of the specification', 'const SPEC_FIELDS = [];'));
  assert.ok(hit('an issue number of a tracker', '// Issue 15: the time'));
  assert.ok(hit('an issue number of a tracker', 'issues 13 and 16'));
  assert.ok(!hit('an issue number of a tracker', 'https://github.com/x/y/issues/12'));
  assert.ok(hit('a path out of the repository into ../shared/', 'see `../shared/SPEC.md`', 'README.md'));
  assert.ok(
    !hit(
      'a path out of the repository into ../shared/',
      "from '../../shared/client/test/render'",
      'shell/src/App.test.tsx',
    ),
  );
});
