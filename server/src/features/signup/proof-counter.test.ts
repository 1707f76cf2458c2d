import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { test } from 'node:test';
import type { ProofChallenge } from '@ummahnotify/domain';

/**
 * The secret counter of each challenge the server makes, read where altcha-lib derives the challenge's key: Node's
 * PBKDF2 gets the password nonce (16 bytes) || counter (a big-endian uint32; ALTCHA v2's PasswordBuffer). Set up
 * before the challenge maker and altcha-lib are loaded (imported below, not above), in this file's own process: no other
 * test sees it.
 */
const counters: number[] = [];
const pbkdf2 = crypto.pbkdf2;
crypto.pbkdf2 = ((password: Buffer, ...rest: unknown[]) => {
  counters.push(Buffer.from(password).readUInt32BE(16));
  return (pbkdf2 as (...args: unknown[]) => void)(password, ...rest);
}) as typeof crypto.pbkdf2;
syncBuiltinESMExports();
const { newChallenge } = await import('./proof');
const { solve } = await import('../../../test/support/proof');

const DRAWS = 1500;
/**
 * docs/decisions/2026-11-26-signup-proof-of-work.md: the counter was drawn from 400-800, so the page's median work
 * was 600 counters; it is now drawn from 0, and the median must stay where it was.
 */
const MEDIAN_BEFORE = 600;

test("a challenge's secret counter is drawn from 0, its median where it was: a script has nothing to skip", async () => {
  const challenges: { challenge: ProofChallenge; counter: number }[] = [];
  for (let i = 0; i < DRAWS; i++) {
    const drawn = counters.length;
    const challenge = await newChallenge('proof-counter-test-key-0123456789abcdef');
    assert.equal(counters.length, drawn + 1, 'one derivation per challenge: the counter it was made for');
    challenges.push({ challenge, counter: counters[drawn] });
  }
  const sorted = challenges.map((c) => c.counter).sort((a, b) => a - b);
  const median = (sorted[(DRAWS - 1) >> 1] + sorted[DRAWS >> 1]) / 2;
  // 1 500 draws of 0..1200: the chance of none below 40 is (1161/1201)^1500, about e^-50; the sample median's
  // spread is about 1200 / (2 * sqrt(1500)) = 15 counters, so 80 either side is over 5 of it.
  assert.ok(sorted[0] < 40, `the smallest counter drawn: ${sorted[0]}`);
  assert.ok(Math.abs(median - MEDIAN_BEFORE) <= 80, `the median counter: ${median}`);
  const below400 = sorted.filter((c) => c < 400).length / DRAWS;
  assert.ok(below400 > 0.28 && below400 < 0.39, `a third of the counters are below the old minimum: ${below400}`);
  assert.ok((sorted.at(-1) ?? Number.POSITIVE_INFINITY) <= 1200, `the largest counter drawn: ${sorted.at(-1)}`);

  // What was read is the work: altcha-lib's own solver (a browser's path) stops at that counter.
  const cheapest = challenges.filter((c) => c.counter < 30).slice(0, 3);
  assert.ok(cheapest.length > 0);
  for (const { challenge, counter } of cheapest) assert.equal((await solve(challenge)).solution.counter, counter);
});
