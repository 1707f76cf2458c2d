import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const SRC = join(import.meta.dirname, '..', 'src');
/** The plumbing the features stand on: it must not import a feature back (app.ts and demo/ put them together). */
const PLUMBING = ['auth', 'db', 'delivery', 'jobs', 'rate-limit', 'web'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

test('nothing under auth, db, delivery, jobs, rate-limit or web imports from features/', () => {
  const offenders = PLUMBING.flatMap((dir) => sources(join(SRC, dir))).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '([^']*features\/[^']*)'/g)].map(
      (m) => `${relative(SRC, file)} imports ${m[1]}`,
    ),
  );
  assert.deepEqual(offenders, []);
});
