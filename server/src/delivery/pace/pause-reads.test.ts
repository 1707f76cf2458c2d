import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Job } from '../claim';
import { DeliveryPace } from './index';
import type { Pacer } from './pacer';
import { dailyLimit } from './whatsapp-daily';

/** An instance's pace whose store answers "no pause" after `readMs`, counting its reads. */
function paceReadingIn(readMs: number) {
  const counted = { reads: 0 };
  const pacer = {
    pausedFor: async () => {
      counted.reads++;
      await new Promise((r) => setTimeout(r, readMs));
      return 0;
    },
  } as unknown as Pacer;
  const pace = new DeliveryPace(
    pacer,
    () => null,
    () => dailyLimit(null, 20),
  );
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

test('a send goes on what is known while another send reads the store, rather than wait for that read', async () => {
  const { pace } = paceReadingIn(200);
  const job = push;
  await pace.pausedBeforeSend('webpush', job, Date.now());
  await new Promise((r) => setTimeout(r, 150));
  // What is known is stale: the first send reads the store again and waits for it ...
  const reader = pace.pausedBeforeSend('webpush', job, Date.now());
  // ... the next one, due meanwhile, goes at once on what was known.
  const started = Date.now();
  assert.equal(await pace.pausedBeforeSend('webpush', job, Date.now()), null);
  assert.ok(Date.now() - started < 100, `waited ${Date.now() - started} ms`);
  assert.equal(await reader, null);
});
