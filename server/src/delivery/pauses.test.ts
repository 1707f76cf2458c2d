import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { engines, migratedDatabase } from '../../test/support/databases';
import { newSubscriber } from '../../test/support/subscriber-rows';
import { AccountPauses, pauseChannel, readPauses, resumeChannel } from './pauses';

const at = (iso: string) => new Date(iso);

for (const engine of engines()) {
  describe(`account pauses (${engine})`, () => {
    const opened = migratedDatabase(engine);

    test('the next try waits 15 s, 30 s, 60 s, then every 2 minutes; refusals while the pause runs are one try', async () => {
      const { db } = opened;
      const first = await pauseChannel(
        db,
        'whatsapp',
        'whatsapp:132015',
        'template paused',
        at('2030-01-01T00:00:00Z'),
      );
      assert.equal(first.until, '2030-01-01T00:00:15.000Z');
      // Other messages in flight when the first refusal came are refused too: the same try.
      const same = await pauseChannel(db, 'whatsapp', 'whatsapp:132015', 'template paused', at('2030-01-01T00:00:01Z'));
      assert.deepEqual([same.tries, same.until], [1, '2030-01-01T00:00:16.000Z']);
      const tries: string[] = [];
      for (const now of [
        '2030-01-01T00:00:20Z',
        '2030-01-01T00:01:00Z',
        '2030-01-01T00:03:00Z',
        '2030-01-01T00:06:00Z',
      ]) {
        tries.push((await pauseChannel(db, 'whatsapp', 'whatsapp:132015', 'template paused', at(now))).until);
      }
      assert.deepEqual(tries, [
        '2030-01-01T00:00:50.000Z',
        '2030-01-01T00:02:00.000Z',
        '2030-01-01T00:05:00.000Z',
        '2030-01-01T00:08:00.000Z',
      ]);
      const [pause] = await readPauses(db);
      assert.deepEqual([pause?.channel, pause?.since, pause?.tries], ['whatsapp', '2030-01-01T00:00:00.000Z', 5]);
      assert.equal(await resumeChannel(db, 'whatsapp'), true);
      assert.equal(await resumeChannel(db, 'whatsapp'), false, 'nothing left to resume');
    });

    test('resuming makes the channel’s waiting deliveries due at once, and no other', async () => {
      const { db } = opened;
      const people = [newSubscriber({ channel: 'email' }), newSubscriber({ channel: 'email' })];
      const other = newSubscriber({ channel: 'telegram' });
      await db
        .insertInto('subscribers')
        .values([...people, other])
        .execute();
      const outboxId = randomUUID();
      await db
        .insertInto('outbox')
        .values({
          id: outboxId,
          kind: 'janaza',
          item_id: randomUUID(),
          number: 0,
          state: 'expanded',
          created_at: '2030-01-01T00:00:00Z',
        })
        .execute();
      const later = '2030-01-01T01:00:00.000Z';
      const row = (subscriber_id: string, channel: string, waiting: string | null) => ({
        outbox_id: outboxId,
        subscriber_id,
        channel,
        state: 'pending',
        attempts: 0,
        next_attempt_at: later,
        updated_at: later,
        waiting,
      });
      await db
        .insertInto('deliveries')
        .values([
          row(people[0]?.id as string, 'email', 'account'),
          row(people[1]?.id as string, 'email', 'pace'),
          row(other.id, 'telegram', 'account'),
        ])
        .execute();
      await pauseChannel(db, 'email', 'smtp:5.7.1', '550 5.7.1 Relaying denied');
      const now = at('2030-01-01T00:30:00Z');
      assert.equal(await resumeChannel(db, 'email', now), true);
      const rows = await db.selectFrom('deliveries').select(['subscriber_id', 'next_attempt_at', 'waiting']).execute();
      const of = (id: string | undefined) => rows.find((r) => r.subscriber_id === id);
      assert.deepEqual(of(people[0]?.id), {
        subscriber_id: people[0]?.id,
        next_attempt_at: now.toISOString(),
        waiting: null,
      });
      assert.equal(of(people[1]?.id)?.next_attempt_at, later, 'a pace wait is not the account’s');
      assert.equal(of(other.id)?.next_attempt_at, later, 'another channel is not resumed');
    });

    test('an instance sees another’s pause within a second, and its own at once', async () => {
      const { db } = opened;
      let now = Date.parse('2030-02-01T00:00:00Z');
      const mine = new AccountPauses(db, () => now);
      const theirs = new AccountPauses(db, () => now);
      assert.equal(await theirs.of('telegram'), null);
      const waitMs = await mine.refused('telegram', 'telegram:401', '401 Unauthorized');
      assert.equal(waitMs, 15_000);
      assert.equal((await mine.of('telegram'))?.code, 'telegram:401');
      assert.equal(await theirs.of('telegram'), null, 'read less than a second ago');
      now += 1_000;
      assert.equal((await theirs.of('telegram'))?.code, 'telegram:401');
      await theirs.mended('telegram');
      now += 1_000;
      assert.equal(await mine.of('telegram'), null);
    });
  });
}
