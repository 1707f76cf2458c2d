import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const SRC = join(import.meta.dirname, '..', 'src');

/**
 * server/src's layers, lowest first: a module imports from its own layer or the ones below, never
 * above. Each name is a folder or a top-level file (without .ts). features/ (and ops/, the health and
 * metrics answers) stand on the plumbing below it; pages/ (the front end's files and the public pages)
 * and demo/ on the features; app.ts puts them together.
 */
const LAYERS = [
  ['public-url', 'url-credentials', 's3-url'],
  ['config'],
  ['web'],
  ['db', 'shared-redis'],
  ['audit', 'secrets'],
  ['auth'],
  ['rate-limit', 'jobs'],
  ['delivery'],
  ['features', 'ops'],
  ['pages', 'demo'],
  ['app'],
  ['main'],
];
const layerOf = new Map(LAYERS.flatMap((names, level) => names.map((name) => [name, level] as const)));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The layer name of a file under src: its top folder, or its own name for a top-level file. */
const unitOf = (file: string) =>
  relative(SRC, file)
    .split('/')[0]
    ?.replace(/\.(d\.)?ts$/, '') ?? '';

const files = sources(SRC);

test('every folder and top-level file of server/src has a layer', () => {
  const units = [...new Set(files.map(unitOf))].sort();
  assert.deepEqual(
    units.filter((unit) => !layerOf.has(unit)),
    [],
  );
});

test('no import runs upward between the layers of server/src', () => {
  const upward = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']*)'/g)].flatMap(([, target = '']) => {
      const from = unitOf(file);
      const to = unitOf(resolve(dirname(file), target));
      return (layerOf.get(to) ?? -1) > (layerOf.get(from) ?? -1) ? [`${relative(SRC, file)} imports ${target}`] : [];
    }),
  );
  assert.deepEqual(upward, []);
});

test('the environment is read in config.ts alone', () => {
  const readers = files.filter(
    (file) => unitOf(file) !== 'config' && /process\.env\b/.test(readFileSync(file, 'utf8')),
  );
  assert.deepEqual(
    readers.map((file) => relative(SRC, file)),
    [],
  );
});
