// `npm run new-section` run into a temporary copy of the repository (never into the repository itself), then the
// new section built and tested there as a volunteer would: biome, tsc, its rspack build, its jest test, its server
// test and the rights matrix. Run by `npm test` (scripts/test.mjs) or alone: node --test scripts/new-section.test.mjs
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from './workspaces.mjs';

const NAME = 'lost-found';

/**
 * The repository's files (tracked, or new and not ignored) copied to a temporary folder. node_modules is a folder
 * of links to the repository's packages, except the workspace links, which point into the copy.
 */
function copyOfRepository() {
  const dir = mkdtempSync(join(tmpdir(), 'un-new-section-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) cpSync(join(ROOT, file), join(dir, file));
  const linkInto = (from, to) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) {
      const source = join(from, entry);
      if (entry === '@ummahnotify') linkInto(source, join(to, entry));
      else if (lstatSync(source).isSymbolicLink() && !readlinkSync(source).startsWith('/'))
        symlinkSync(readlinkSync(source), join(to, entry)); // a workspace (a relative link, such as ../shell): into the copy
      else symlinkSync(source, join(to, entry));
    }
  };
  linkInto(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** Runs a command in the copy; fails the test with its output when it fails. */
function run(dir, command, args, cwd = dir) {
  // Without NODE_TEST_CONTEXT, which would make a `node --test` inside this test report to this one and print nothing.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const res = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...env, CI: 'true' } });
  assert.equal(res.status, 0, `${command} ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

const scaffold = (dir, name) =>
  spawnSync('node', ['scripts/new-section.mjs', ...(name ? [name] : [])], { cwd: dir, encoding: 'utf8' });

describe('npm run new-section', () => {
  let dir;
  before(() => {
    dir = copyOfRepository();
    console.log(`# copy of the repository: ${dir}`);
  });
  // KEEP_NEW_SECTION_COPY=1 keeps the copy for a look after a failure.
  after(() => process.env.KEEP_NEW_SECTION_COPY || rmSync(dir, { recursive: true, force: true }));

  test('refuses a name that is not lower-case kebab, or a section that exists, and changes nothing', () => {
    const sections = readFileSync(join(dir, 'shared/domain/src/sections.ts'), 'utf8');
    for (const [name, said] of [
      [undefined, 'is not a section name'],
      ['Lost_Found', 'is not a section name'],
      ['lost--found', 'is not a section name'],
      ['summary', 'exists already'],
      ['committee-members', 'exists already'],
      ['delete', 'reserved word'],
    ]) {
      const res = scaffold(dir, name);
      assert.equal(res.status, 1, `${name}: ${res.stdout}`);
      assert.match(res.stderr, new RegExp(said), String(name));
    }
    assert.equal(readFileSync(join(dir, 'shared/domain/src/sections.ts'), 'utf8'), sections);
    assert.equal(existsSync(join(dir, 'remote-delete')), false);
  });

  test('creates the section and registers it; a second run refuses', () => {
    const res = scaffold(dir, NAME);
    assert.equal(res.status, 0, res.stderr);
    for (const file of [
      'remote-lost-found/src/LostFoundSection.tsx',
      'remote-lost-found/src/items/api.ts',
      'shared/domain/src/lost-found/index.ts',
      'shared/domain/src/i18n/lost-found.ts',
      'server/src/features/lost-found/routes.ts',
    ])
      assert.ok(existsSync(join(dir, file)), file);
    const workspaces = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).workspaces;
    assert.ok(workspaces.includes('remote-lost-found'));
    assert.match(readFileSync(join(dir, 'shared/core/src/paths.ts'), 'utf8'), /REMOTE_NAMES = \[[^\]]*'lost-found'/);
    const again = scaffold(dir, NAME);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /A section named lost-found exists already/);
  });

  test('what it wrote passes biome and tsc', async () => {
    run(dir, 'npx', ['biome', 'check', '.']);
    // The packages it touched, side by side: one after the other takes twice as long.
    const checks = ['shared/core', 'shared/domain', 'shell', 'remote-lost-found', 'server'].map(
      (pkg) =>
        new Promise((resolve) => {
          execFile('npx', ['tsc', '-p', pkg], { cwd: dir }, (error, stdout) => resolve({ pkg, error, stdout }));
        }),
    );
    for (const { pkg, error, stdout } of await Promise.all(checks))
      assert.equal(error, null, `tsc -p ${pkg}:\n${stdout}`);
  });

  test('the remote builds with rspack into a federation container with its manifest', () => {
    run(dir, 'npx', ['rspack', 'build', '--mode', 'production'], join(dir, 'remote-lost-found'));
    const manifest = JSON.parse(readFileSync(join(dir, 'remote-lost-found/dist/mf-manifest.json'), 'utf8'));
    assert.equal(manifest.name, 'remote_lost_found');
    assert.ok(manifest.exposes.some((e) => e.path === './LostFoundSection'));
  });

  test("the catalogue checks name the Tamil still to write; once written, they and the remote's jest test pass", () => {
    const jest = (...paths) => spawnSync('npx', ['jest', '--ci', ...paths], { cwd: dir, encoding: 'utf8' });
    const untranslated = jest('shared/domain/src/i18n');
    assert.notEqual(untranslated.status, 0, 'a "(ta)" placeholder is not Tamil');
    assert.match(untranslated.stderr, /section\.lost-found: Lost found \(ta\)/);
    assert.match(untranslated.stderr, /title: Lost found \(ta\)/);
    // What the volunteer does next (the scaffold says so): the Tamil in place of the placeholders.
    for (const file of ['shared/domain/src/i18n/common.ts', 'shared/domain/src/i18n/lost-found.ts']) {
      const path = join(dir, file);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('Lost found (ta)', 'தொலைந்தவையும் கண்டெடுத்தவையும்'));
    }
    const res = jest('remote-lost-found', 'shared/domain/src/i18n');
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stderr, /PASS remote-lost-found\/src\/items\/components\/ItemList\.test\.tsx/);
    assert.match(res.stderr, /PASS shared\/domain\/src\/i18n\/catalogues\.test\.ts/);
  });

  test("the server feature's test and the rights matrix pass", () => {
    const tests = ['src/features/lost-found/lost-found.test.ts', 'test/rights-matrix.test.ts'];
    const out = run(dir, 'node', ['--import', 'tsx', '--test', '--test-concurrency=1', ...tests], join(dir, 'server'));
    assert.match(out, /^# fail 0$/m);
    assert.match(out, /^ok \d+ - lost-found \(sqlite\)$/m);
  });
});
