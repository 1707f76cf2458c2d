#!/usr/bin/env node
// `npm run typecheck`: tsc -p <package> for every workspace of package.json, as many at once as the machine has
// cores (each tsc is one thread), each one's output printed whole when it ends; fails if any fails.
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { ROOT, WORKSPACES } from './workspaces.mjs';

const run = promisify(execFile);
const TSC = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

async function check(workspace) {
  try {
    await run(process.execPath, [TSC, '-p', workspace], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    console.log(`tsc -p ${workspace}: ok`);
    return true;
  } catch (error) {
    console.log(`tsc -p ${workspace}: FAILED\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    return false;
  }
}

const waiting = [...WORKSPACES];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), waiting.length) }, async () => {
    for (let w = waiting.shift(); w !== undefined; w = waiting.shift()) results.push(await check(w));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
