#!/usr/bin/env node
// Gzipped JavaScript of the shell and of each remote's dist/ (run `npm run build` first).
// "entry" is what a first page load of that package fetches before any lazy chunk; "all" is every JS file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('../..', import.meta.url).pathname;
const packages = ['shell', 'remote-janaza', 'remote-events', 'remote-members', 'remote-summary'];
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

function jsFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => f.endsWith('.js') && statSync(f).isFile());
}

console.log('| package | JS files | all JS, gzipped | entry JS, gzipped |');
console.log('|---|---|---|---|');
for (const pkg of packages) {
  const dist = join(root, pkg, 'dist');
  const files = jsFiles(dist);
  const gz = (f) => gzipSync(readFileSync(f), { level: 9 }).length;
  const all = files.reduce((n, f) => n + gz(f), 0);
  const entryName = pkg === 'shell' ? /^main\.|^index\./ : /^remoteEntry\.js$/;
  const entry = files.filter((f) => entryName.test(f.split('/').pop())).reduce((n, f) => n + gz(f), 0);
  console.log(`| ${pkg} | ${files.length} | ${kb(all)} | ${kb(entry)} |`);
}
