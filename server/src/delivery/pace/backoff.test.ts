import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Backoff } from './backoff';

// The steps docs/decisions/2026-11-26-paced-delivery.md gives: an isolated refusal rests this instance
// 250 ms; one within 2 s after the last pause ended pauses every instance 1 s, 2 s, 4 s... up to a minute.

test('an isolated refusal rests this instance a moment; repeated ones pause every instance 1 s, 2 s, 4 s', () => {
  const backoff = new Backoff();
  const t0 = 1_000_000;
  assert.deepEqual(backoff.next('wa:1', t0), { ms: 250, shared: false });
  // sends already in flight refused during the pause: the same pause, nothing grows
  assert.deepEqual(backoff.next('wa:1', t0 + 100), { ms: 150, shared: false });
  // refused again soon after the pause ended (it ended at t0 + 250): the provider allows less than we send
  const t1 = t0 + 250 + 500;
  assert.deepEqual(backoff.next('wa:1', t1), { ms: 1000, shared: true });
  assert.deepEqual(backoff.next('wa:1', t1 + 1000 + 10), { ms: 2000, shared: true });
  assert.deepEqual(backoff.next('wa:1', t1 + 3000 + 20), { ms: 4000, shared: true });
  // another budget has its own count
  assert.deepEqual(backoff.next('smtp:1', t1), { ms: 250, shared: false });
  // quiet for longer than two seconds after a pause (the 4 s one ended at t1 + 7020): isolated again
  assert.deepEqual(backoff.next('wa:1', t1 + 7000 + 20 + 2500), { ms: 250, shared: false });
  // 1.9 s after a pause ended is still within the 2 s: a repeat
  const again = new Backoff();
  again.next('x', t0);
  assert.deepEqual(again.next('x', t0 + 250 + 1_900), { ms: 1000, shared: true });
});

test('the pause stops growing at a minute', () => {
  const backoff = new Backoff();
  let now = 0;
  let last = { ms: 0, shared: false };
  const pauses: number[] = [];
  for (let i = 0; i < 12; i++) {
    last = backoff.next('tg', now);
    pauses.push(last.ms);
    now += last.ms + 1;
  }
  assert.deepEqual(pauses, [250, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000, 60_000]);
  assert.deepEqual(last, { ms: 60_000, shared: true });
});
