#!/usr/bin/env node
// What a node:test run skipped, named with the reason given to `skip`, read from its output: the TAP reporter's
// `ok 5 - name # SKIP reason` (Node 20 writing to a pipe) or the spec reporter's `﹣ name (0.2ms) # reason` (Node 24).
// `node scripts/node-test-outcomes.mjs <log>` prints one "skipped: ..." line per skipped test or suite; with `--count`
// first, only how many tests and suites did not run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TAP_SKIP = /^\s*ok \d+ - (.*?) # SKIP(?: (.*))?$/;
const SPEC_SKIP = /^\s*﹣ (.*?) \([\d.]+m?s\) # (?:SKIP(?: (.*))?|(.*))$/;

/** "skipped: <name> (<reason>)" for each skipped test or suite; "(no reason given)" when the skip has none. */
export function skippedNodeTests(output) {
  const notes = [];
  for (const line of output.split('\n')) {
    const tap = line.match(TAP_SKIP);
    const spec = tap ? undefined : line.match(SPEC_SKIP);
    if (!tap && !spec) continue;
    const name = (tap ?? spec)[1];
    const reason = tap ? tap[2] : (spec[2] ?? spec[3]);
    notes.push(`skipped: ${name} (${reason?.trim() || 'no reason given'})`);
  }
  return notes;
}

/**
 * How many did not run: node:test's own closing count (`# skipped 1`, `ℹ todo 0`) leaves out a skipped suite
 * (describe with skip), which the notes name, so the larger of the two.
 */
export function skippedNodeCount(output, notes = skippedNodeTests(output)) {
  return Math.max(closingCount(output, 'skipped') + closingCount(output, 'todo'), notes.length);
}

/** One of node:test's closing counts (`# pass 3` from TAP, `ℹ pass 3` from spec); 0 when absent. */
export function closingCount(output, label) {
  return Number(output.match(new RegExp(`^(?:#|ℹ) ${label} (\\d+)$`, 'm'))?.[1] ?? 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const counting = process.argv[2] === '--count';
  const output = readFileSync(process.argv[counting ? 3 : 2], 'utf8');
  if (counting) console.log(skippedNodeCount(output));
  else for (const note of skippedNodeTests(output)) console.log(note);
}
