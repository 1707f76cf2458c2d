#!/usr/bin/env node
// `npm run typecheck`: tsc -p <package> for every workspace of package.json, stopping at the first that fails.
import { execFileSync } from 'node:child_process';
import { ROOT, WORKSPACES } from './workspaces.mjs';

for (const workspace of WORKSPACES) {
  console.log(`tsc -p ${workspace}`);
  try {
    execFileSync('npx', ['tsc', '-p', workspace], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    process.exit(1);
  }
}
