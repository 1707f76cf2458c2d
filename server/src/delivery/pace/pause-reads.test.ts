import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Job } from '../claim';
import { DeliveryPace } from './index';
import type { Pacer } from './pacer';
import { dailyLimit } from './whatsapp-daily';

test('sends due at once share one read of the pause from the store', async () => {
  let reads = 0;
  const pacer = {
    pausedFor: async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 20));
      return 0;
    },
  } as unknown as Pacer;
  const pace = new DeliveryPace(
    pacer,
    () => null,
    () => dailyLimit(null, 20),
  );
  const push = { kind: 'janaza', recipient: { channel: 'webpush', address: 'https://fcm.example.org/send/1' } };
  const answers = await Promise.all(
    Array.from({ length: 300 }, () => pace.pausedBeforeSend('webpush', push as unknown as Job, Date.now())),
  );
  assert.ok(answers.every((a) => a === null));
  assert.equal(reads, 1);
});

test('a send goes on what is known while another send reads the store, rather than wait for that read', async () => {
  const pacer = {
    pausedFor: async () => {
      await new Promise((r) => setTimeout(r, 200));
      return 0;
    },
  } as unknown as Pacer;
  const pace = new DeliveryPace(
    pacer,
    () => null,
    () => dailyLimit(null, 20),
  );
  const push = { kind: 'janaza', recipient: { channel: 'webpush', address: 'https://fcm.example.org/send/1' } };
  const job = push as unknown as Job;
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
