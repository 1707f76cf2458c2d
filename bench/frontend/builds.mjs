#!/usr/bin/env node
// Prepares the three builds bench/frontend/compare.mjs compares, each laid out like the repository (shell/dist,
// public-pages/dist, remote-<name>/dist) under bench/frontend/.builds/: `before` (BEFORE_COMMIT, the code before the light public app and the federation kit,
// built from a git archive), `after` (this working tree, `npm run build`), `monolith` (monolith/rspack.config.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FRONT_END_PACKAGES } from '../../scripts/workspaces.mjs';
import { ROOT } from './page-walk.mjs';

const BEFORE_COMMIT = process.env.BEFORE_COMMIT ?? '180af32';
const BUILDS = join(ROOT, 'bench/frontend/.builds');
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });

function keep(from, name) {
  rmSync(join(BUILDS, name), { recursive: true, force: true });
  for (const pkg of FRONT_END_PACKAGES.filter((p) => existsSync(join(from, p, 'dist'))))
    cpSync(join(from, pkg, 'dist'), join(BUILDS, name, pkg, 'dist'), { recursive: true });
}

// before: the old commit's sources with this repository's installed node_modules (but its own workspace packages).
const old = mkdtempSync(join(tmpdir(), 'un-bench-before-'));
execFileSync('sh', ['-c', `git archive ${BEFORE_COMMIT} | tar -x -C ${old}`], { cwd: ROOT });
mkdirSync(join(old, 'node_modules', '@ummahnotify'), { recursive: true });
for (const entry of readdirSync(join(ROOT, 'node_modules')))
  if (entry !== '@ummahnotify') symlinkSync(join(ROOT, 'node_modules', entry), join(old, 'node_modules', entry));
// Its own @ummahnotify packages (one `shared` before 2026-11-27, then core, domain and client), as npm would link them.
for (const workspace of JSON.parse(readFileSync(join(old, 'package.json'), 'utf8')).workspaces) {
  const manifest = join(old, workspace, 'package.json');
  const name = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).name : '';
  if (name.startsWith('@ummahnotify/')) symlinkSync(join(old, workspace), join(old, 'node_modules', name));
}
// A remote added since BEFORE_COMMIT has no `before` build.
for (const pkg of FRONT_END_PACKAGES.filter((p) => existsSync(join(old, p))))
  run('npm', ['run', 'build'], join(old, pkg));
keep(old, 'before');
rmSync(old, { recursive: true, force: true });

run('npm', ['run', 'build'], ROOT);
keep(ROOT, 'after');

rmSync(join(BUILDS, 'monolith'), { recursive: true, force: true });
run('npx', ['rspack', 'build', '--mode', 'production', '-c', 'bench/frontend/monolith/rspack.config.ts'], ROOT);
run('node', ['scripts/precompress.mjs', 'bench/frontend/.builds/monolith/shell/dist'], ROOT);
// The static public pages are one plain build already: the monolith serves the same ones.
cpSync(join(ROOT, 'public-pages', 'dist'), join(BUILDS, 'monolith', 'public-pages', 'dist'), { recursive: true });
console.log(`builds ready in ${BUILDS}: before (${BEFORE_COMMIT}), after, monolith`);
