import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Backoff, FIRST_PAUSE_MS } from './backoff';

test('an isolated refusal rests this instance a moment; repeated ones pause every instance 1 s, 2 s, 4 s', () => {
  const backoff = new Backoff();
  const t0 = 1_000_000;
  assert.deepEqual(backoff.next('wa:1', t0), { ms: FIRST_PAUSE_MS, shared: false });
  // sends already in flight refused during the pause: the same pause, nothing grows
  assert.deepEqual(backoff.next('wa:1', t0 + 100), { ms: FIRST_PAUSE_MS - 100, shared: false });
  // refused again soon after the pause ended: the provider allows less than we send
  const t1 = t0 + FIRST_PAUSE_MS + 500;
  assert.deepEqual(backoff.next('wa:1', t1), { ms: 1000, shared: true });
  assert.deepEqual(backoff.next('wa:1', t1 + 1000 + 10), { ms: 2000, shared: true });
  assert.deepEqual(backoff.next('wa:1', t1 + 3000 + 20), { ms: 4000, shared: true });
  // another budget has its own count
  assert.deepEqual(backoff.next('smtp:1', t1), { ms: FIRST_PAUSE_MS, shared: false });
  // quiet for longer than two seconds after a pause: isolated again
  assert.deepEqual(backoff.next('wa:1', t1 + 7000 + 20 + 2500), { ms: FIRST_PAUSE_MS, shared: false });
});

test('the pause stops growing at a minute', () => {
  const backoff = new Backoff();
  let now = 0;
  let last = { ms: 0, shared: false };
  for (let i = 0; i < 12; i++) {
    last = backoff.next('tg', now);
    now += last.ms + 1;
  }
  assert.deepEqual(last, { ms: 60_000, shared: true });
});
