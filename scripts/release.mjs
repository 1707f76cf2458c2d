#!/usr/bin/env node
// What this build is: the product's version (the root package.json) and the commit it was built from. Run by every
// front-end build (rspack.base.ts), which shows it in the dashboard's footer; it also writes release.json at the
// repository root (not committed), which the server reads at start for /readyz and its start-up log line. The
// server never asks git itself (docs/decisions/2026-11-29-one-version-for-the-product.md).
//
// The commit: BUILD_COMMIT when set (a build from a tarball, or a CI that knows it), else `git rev-parse --short=12
// HEAD` of the checkout being built, else null (no git, no BUILD_COMMIT). `--print`: prints it, writes nothing.
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function commit() {
  const given = process.env.BUILD_COMMIT?.trim();
  if (given) return given;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const release = { version, commit: commit() };
if (!process.argv.includes('--print')) {
  // Written whole, then moved into place: a server starting meanwhile reads the old file or the new one.
  const file = path.join(ROOT, 'release.json');
  writeFileSync(`${file}.${process.pid}`, `${JSON.stringify(release, null, 2)}\n`);
  renameSync(`${file}.${process.pid}`, file);
}
process.stdout.write(JSON.stringify(release));
