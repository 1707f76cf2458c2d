#!/usr/bin/env node
// Wall-clock time of each package's production build, run one after another (as `npm run build` does).
import { execFileSync } from 'node:child_process';

const packages = ['shell', 'remote-janaza', 'remote-events', 'remote-members', 'remote-summary'];
const root = new URL('../..', import.meta.url).pathname;
let total = 0;
console.log('| package | build time |');
console.log('|---|---|');
for (const pkg of packages) {
  const t = performance.now();
  execFileSync('npm', ['run', 'build', '-w', pkg], { cwd: root, stdio: 'ignore' });
  const s = (performance.now() - t) / 1000;
  total += s;
  console.log(`| ${pkg} | ${s.toFixed(1)} s |`);
}
console.log(`| all five | ${total.toFixed(1)} s |`);
