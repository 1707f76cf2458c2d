import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { readRelease } from './release';

const ROOT = join(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/release.mjs');
const rootVersion = () => JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
const print = (env: NodeJS.ProcessEnv) =>
  JSON.parse(execFileSync(process.execPath, [SCRIPT, '--print'], { env, encoding: 'utf8' }));

describe('the release: version and commit', () => {
  const dirs: string[] = [];
  const root = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'un-release-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return pathToFileURL(`${dir}/`);
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('the product has a real version: semver, not the 0.1.0 every workspace started with', () => {
    assert.match(rootVersion(), /^\d+\.\d+\.\d+$/);
    assert.notEqual(rootVersion(), '0.1.0');
  });

  test('the build script takes the version from the root package.json and the commit from git', () => {
    const { BUILD_COMMIT: _, ...env } = process.env;
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    assert.deepEqual(print(env), { version: rootVersion(), commit: head });
  });

  test('BUILD_COMMIT, when the build sets it, is the commit', () => {
    assert.deepEqual(print({ ...process.env, BUILD_COMMIT: 'a1b2c3d' }), { version: rootVersion(), commit: 'a1b2c3d' });
  });

  test('the server reads what the build wrote in release.json', () => {
    const dir = root({
      'package.json': '{"version":"9.9.9"}',
      'release.json': '{"version":"1.4.2","commit":"0123456789ab"}',
    });
    assert.deepEqual(readRelease(dir), { version: '1.4.2', commit: '0123456789ab' });
  });

  test('without a build: the package.json version and no commit', () => {
    assert.deepEqual(readRelease(root({ 'package.json': '{"version":"2.0.1"}' })), { version: '2.0.1', commit: null });
  });
});
