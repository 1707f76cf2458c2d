import assert from 'node:assert/strict';
import { test } from 'node:test';
import { heldClock } from '../../../test/support/clock';
import type { Job } from '../claim';
import { DeliveryPace } from './index';
import type { Pacer } from './pacer';
import { dailyLimit } from './whatsapp-daily';

/**
 * A store whose reads of a pause answer "no pause" only when the test lets them (`answer`), counting the
 * reads made and answered; the first `atOnce` reads answer at once.
 */
function heldStore(atOnce = 0) {
  const counted = { reads: 0, answered: 0 };
  const waiting: (() => void)[] = [];
  const pausedFor = async () => {
    counted.reads++;
    if (counted.reads > atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    counted.answered++;
    return 0;
  };
  const answer = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { pausedFor, answer, counted };
}

/** An instance's pace on that store, with a clock the test moves (no budgets, no daily limit). */
const paceOn = (pausedFor: () => Promise<number>, now: () => number) =>
  new DeliveryPace(
    { pausedFor } as unknown as Pacer,
    () => null,
    () => dailyLimit(null, 20),
    now,
  );

const push = {
  kind: 'janaza',
  recipient: { channel: 'webpush', address: 'https://fcm.example.org/send/1' },
} as unknown as Job;

test('sends due at once share one read of the pause from the store', async () => {
  const clock = heldClock();
  const store = heldStore();
  const pace = paceOn(store.pausedFor, clock.now);
  const answers = Promise.all(Array.from({ length: 300 }, () => pace.pausedBeforeSend('webpush', push, clock.now())));
  // All 300 asked while the first read is still unanswered.
  await new Promise((r) => setImmediate(r));
  assert.equal(store.counted.reads, 1);
  store.answer();
  assert.ok((await answers).every((a) => a === null));
  assert.deepEqual(store.counted, { reads: 1, answered: 1 });
});

test('a send goes on what is known while another send reads the store, rather than wait for that read', async () => {
  const clock = heldClock();
  const store = heldStore(1);
  const pace = paceOn(store.pausedFor, clock.now);
  await pace.pausedBeforeSend('webpush', push, clock.now());
  // What is known goes stale after SEND_PAUSE_CACHE_MS (100 ms, docs/decisions/2026-11-26-paced-delivery.md).
  clock.advance(150);
  // The first send reads the store again and waits for it ...
  const reader = pace.pausedBeforeSend('webpush', push, clock.now());
  // ... the next one, due meanwhile, goes on what was known, while that read is still unanswered.
  assert.equal(await pace.pausedBeforeSend('webpush', push, clock.now()), null);
  assert.deepEqual(store.counted, { reads: 2, answered: 1 }, 'it did not wait for the read under way');
  store.answer();
  assert.equal(await reader, null);
  assert.equal(store.counted.answered, 2);
});

test('what is known of a pause is trusted for 100 ms before a send, then read again', async () => {
  const clock = heldClock();
  const store = heldStore(Number.POSITIVE_INFINITY);
  const pace = paceOn(store.pausedFor, clock.now);
  await pace.pausedBeforeSend('webpush', push, clock.now());
  clock.advance(99);
  await pace.pausedBeforeSend('webpush', push, clock.now());
  assert.equal(store.counted.reads, 1, 'still fresh');
  clock.advance(2);
  await pace.pausedBeforeSend('webpush', push, clock.now());
  assert.equal(store.counted.reads, 2, 'stale: read again');
});
