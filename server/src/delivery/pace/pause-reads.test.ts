import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Job } from '../claim';
import { DeliveryPace } from './index';
import type { Pacer } from './pacer';
import { dailyLimit } from './whatsapp-daily';

/** An instance's pace on a store whose `pausedFor` is the given function (no budgets, no daily limit). */
const paceOn = (pausedFor: () => Promise<number>) =>
  new DeliveryPace(
    { pausedFor } as unknown as Pacer,
    () => null,
    () => dailyLimit(null, 20),
  );

/** An instance's pace whose store answers "no pause" after `readMs`, counting its reads. */
function paceReadingIn(readMs: number) {
  const counted = { reads: 0 };
  const pace = paceOn(async () => {
    counted.reads++;
    await new Promise((r) => setTimeout(r, readMs));
    return 0;
  });
  return { pace, counted };
}

const push = {
  kind: 'janaza',
  recipient: { channel: 'webpush', address: 'https://fcm.example.org/send/1' },
} as unknown as Job;

test('sends due at once share one read of the pause from the store', async () => {
  const { pace, counted } = paceReadingIn(20);
  const answers = await Promise.all(
    Array.from({ length: 300 }, () => pace.pausedBeforeSend('webpush', push, Date.now())),
  );
  assert.ok(answers.every((a) => a === null));
  assert.equal(counted.reads, 1);
});

test('a send goes on what is known while another send reads the store, rather than wait for that read', {
  timeout: 20_000,
}, async () => {
  // The store answers the first read at once and holds every later one until the test lets it answer.
  let answerHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answerHeld = resolve;
  });
  let reads = 0;
  let answered = 0;
  const pace = paceOn(async () => {
    reads++;
    if (reads > 1) await held;
    answered++;
    return 0;
  });
  await pace.pausedBeforeSend('webpush', push, Date.now());
  // What is known goes stale after SEND_PAUSE_CACHE_MS (100 ms): wait past it.
  await new Promise((r) => setTimeout(r, 150));
  // The first send reads the store again and waits for it ...
  const reader = pace.pausedBeforeSend('webpush', push, Date.now());
  // ... the next one, due meanwhile, goes on what was known, while that read is still unanswered.
  assert.equal(await pace.pausedBeforeSend('webpush', push, Date.now()), null);
  assert.deepEqual({ reads, answered }, { reads: 2, answered: 1 }, 'it did not wait for the read under way');
  answerHeld();
  assert.equal(await reader, null);
  assert.equal(answered, 2);
});
