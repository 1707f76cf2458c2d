#!/usr/bin/env node
// One table row per `.ci/run` log: each step's seconds from the closing lines, flaky and skipped counts, the total
// and its result. Usage: node bench/ci/steps.mjs <log>... (a log is what `bash .ci/run > log 2>&1` wrote).
import { readFileSync } from 'node:fs';

const STEPS = [
  ['set-up', /^set-up \(.*\): (\d+) s$/m],
  ['typecheck', /^ok {3}typecheck: .*\((\d+) s\)$/m],
  ['jest', /^ok {3}front end: .*\((\d+) s\)$/m],
  ['server', /^ok {3}server: .*\((\d+) s\)$/m],
  ['new section', /^ok {3}new section: .*\((\d+) s\)$/m],
  ['builds', /^ok {3}builds: .*\((\d+) s\)$/m],
  ['size', /^ok {3}size budget: .*\((\d+) s\)$/m],
  ['e2e', /^ok {3}e2e: .*\((\d+) s\)$/m],
  ['instances', /^ok {3}e2e instances: .*\((\d+) s\)$/m],
  ['Node 24', /^Node 24 leg: (\d+) s$/m],
  ['all', /^all: (\d+) s$/m],
];

console.log(`| log | ${STEPS.map(([name]) => name).join(' | ')} | flaky | skipped | passed, failed |`);
console.log(`| --- | ${STEPS.map(() => '---').join(' | ')} | --- | --- | --- |`);
for (const file of process.argv.slice(2)) {
  // The closing lines only (npm test printed its own summary earlier in the log too).
  const whole = readFileSync(file, 'utf8');
  const log = whole.slice(Math.max(0, whole.lastIndexOf('=== CI: each step')));
  const seconds = STEPS.map(([, re]) => log.match(re)?.[1] ?? '?');
  const sum = (re) => [...log.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);
  const flaky = sum(/^(?:ok {2}|FAIL) [^:]+: \d+ passed, \d+ failed, (\d+) flaky/gm);
  const skipped =
    sum(/^(?:ok {2}|FAIL) [^:]+: \d+ passed, \d+ failed, \d+ flaky, (\d+) skipped/gm) +
    sum(/^node 24 server: \d+ passed, \d+ failed, (\d+) skipped$/gm);
  const total = log.match(/^total: (\d+ passed, \d+ failed)$/m)?.[1] ?? 'no total (failed early)';
  console.log(`| ${file} | ${seconds.join(' | ')} | ${flaky} | ${skipped} | ${total} |`);
}
