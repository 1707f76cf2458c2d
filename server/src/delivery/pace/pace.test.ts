import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { heldClock } from '../../../test/support/clock';
import {
  connectTo,
  engines,
  freshDatabase,
  migratedDatabase,
  type TestDatabase,
} from '../../../test/support/databases';
import { eventually } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import type { Db } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { claimDue, type Job } from '../claim';
import { DEFAULT_RETRY, ResultWriter } from '../results';
import { holdBack } from './hold';
import { DeliveryPace } from './index';
import { Pacer } from './pacer';
import { dailyLimit } from './whatsapp-daily';

/** The most sends any one second holds (a sliding window over the times given). */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] as number) - (sorted[j] as number) >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** The middle one of the gaps between consecutive times. */
function medianGap(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((t, i) => t - (sorted[i] as number));
  return [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] as number;
}

/**
 * Takes n slots of a budget from two pacers (two instances) in turns; the absolute times of the slots.
 * When the window is full each comes back when the store says it ends (`retryInMs`), as the worker does:
 * the stores count their windows in real time (Redis key expiries; the database stores read Date.now).
 */
async function slotTimes(a: Pacer, b: Pacer, key: string, rate: number, n: number): Promise<number[]> {
  const times: number[] = [];
  let turn = 0;
  while (times.length < n) {
    const pacer = turn++ % 2 === 0 ? a : b;
    const want = Math.min(5, n - times.length);
    const { at, retryInMs } = await pacer.slots({ key, rate }, want);
    times.push(...at);
    if (at.length < want) await new Promise((r) => setTimeout(r, retryInMs));
  }
  return times;
}

/**
 * How many of n slots a pacer grants once the budget's own block ends: it is set together with the pause's
 * record, and may end a few ms after it.
 */
const slotsOnceOpen = (pacer: Pacer, key: string, n: number) =>
  eventually(async () => {
    const { at } = await pacer.slots({ key, rate: 80 }, n);
    return at.length > 0 && at.length;
  });

const stores: { name: string; engine: 'sqlite' | 'postgres'; redis: boolean }[] = [
  ...engines().map((engine) => ({ name: engine, engine, redis: false })),
  { name: 'redis', engine: 'sqlite', redis: true },
];

for (const store of stores) {
  describe(`shared pace (${store.name})`, () => {
    let database: TestDatabase;
    let dbA: Db;
    let dbB: Db;
    const clients: Redis[] = [];
    let a: Pacer;
    let b: Pacer;

    before(async () => {
      database = await freshDatabase(store.engine);
      dbA = connectTo(database);
      await migrateToLatest(dbA);
      // Two instances: two connections to the database (or two Redis clients).
      dbB = connectTo(database);
      const redis = () => {
        const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false });
        clients.push(client);
        return client;
      };
      a = new Pacer(dbA, store.redis ? redis() : undefined);
      b = new Pacer(dbB, store.redis ? redis() : undefined);
    });
    after(async () => {
      for (const c of clients) await c.quit();
      await dbA?.destroy();
      await dbB?.destroy();
      await database?.drop();
    });

    test('two instances together never put more in a second than the provider allows, and keep near its rate', async () => {
      // Telegram's broadcast limit (Bots FAQ): about 30 messages a second.
      const key = `telegram:test-${randomUUID()}`;
      const times = await slotTimes(a, b, key, 30, 90);
      assert.equal(new Set(times).size, 90, 'every slot is taken once');
      assert.ok(busiestSecond(times) <= 30, `busiest second: ${busiestSecond(times)}`);
      // Near the rate, 5 % under it (HEADROOM, docs/decisions/2026-11-26-paced-delivery.md): one message every
      // 1/28.5 s, evenly spaced. The median gap, so that the waits between windows (the test's, on a busy
      // machine) do not count.
      const gap = medianGap(times);
      assert.ok(Math.abs(gap - 1000 / 28.5) <= 1, `median gap ${gap} ms`);
    });

    test('after skipping the past slots, a claim gets the next ones: none are left unused between', async () => {
      // Telegram's broadcast limit (Bots FAQ): about 30 messages a second, one every 33 ms.
      const key = `telegram:test-${randomUUID()}`;
      const spacing = 1000 / 30;
      const [first] = (await a.slots({ key, rate: 30 }, 1)).at;
      // A few slots go by unused (a claim that took a while): wait until they are past.
      await eventually(async () => Date.now() > (first as number) + 3 * spacing);
      const { at } = await b.slots({ key, rate: 30 }, 10);
      const answered = Date.now();
      assert.equal(at.length, 10);
      assert.ok((at[0] as number) - answered < 2 * spacing, `the first slot ${(at[0] as number) - answered} ms away`);
      const next = (await a.slots({ key, rate: 30 }, 1)).at[0] as number;
      const after = Math.max(at[9] as number, Date.now());
      assert.ok(next - after < 2 * spacing, `the slot after them ${next - after} ms later`);
    });

    test('slots a quiet moment left unused are skipped, not sent in a burst', async () => {
      const key = `telegram:test-${randomUUID()}`;
      const [first] = (await a.slots({ key, rate: 30 }, 1)).at;
      // The quiet moment is the input: real time, as the store counts its window. Not a wait for a result.
      await new Promise((r) => setTimeout(r, 1_200));
      const asked = Date.now();
      const { at } = await b.slots({ key, rate: 30 }, 40);
      assert.ok(at.length > 0 && at.every((t) => t >= asked - 5), 'no slot in the past');
      assert.ok(
        busiestSecond([first as number, ...at]) <= 30,
        `busiest second: ${busiestSecond([first as number, ...at])}`,
      );
    });

    test("a provider's pause stops every instance for as long as it asked", async () => {
      const key = `whatsapp:test-${randomUUID()}`;
      const asked = Date.now();
      await a.pause(key, 2_000, 80);
      const refused = await b.slots({ key, rate: 80 }, 3);
      const paused = await b.pausedFor(key);
      // What is left of the 2 s: at least 2 s less the time since it was asked, however slow the machine.
      const least = 2_000 - (Date.now() - asked) - 2;
      assert.equal(refused.at.length, 0);
      assert.ok(refused.retryInMs >= least && refused.retryInMs <= 2_000, `retry in ${refused.retryInMs}`);
      assert.ok(paused >= least && paused <= 2_000, `paused for ${paused}`);
      // Once the store says the pause is over (not before the 2 s), every instance sends again.
      await eventually(async () => (await b.pausedFor(key)) === 0);
      assert.ok(Date.now() - asked >= 2_000 - 2, 'not before the 2 s asked for');
      assert.equal(await slotsOnceOpen(a, key, 3), 3);
    });

    test("slots granted before another instance's pause are given up, during it and after it", async () => {
      const key = `whatsapp:test-${randomUUID()}`;
      // A's clock for what it knows of pauses, which the test moves; the store keeps real time.
      const clockA = heldClock();
      const instance = (pacer: Pacer, now?: () => number) =>
        new DeliveryPace(
          pacer,
          () => ({ key, rate: 80 }),
          () => dailyLimit(null, 20),
          now,
        );
      const [paceA, paceB] = [instance(a, clockA.now), instance(b)];
      const job = { kind: 'events', recipient: { channel: 'whatsapp', address: '+6590000001' } } as unknown as Job;
      const grantedAt = clockA.now();
      assert.equal((await a.slots({ key, rate: 80 }, 3)).at.length, 3);
      assert.equal(await paceA.pausedBeforeSend('whatsapp', job, grantedAt), null, 'no pause: it goes');
      // B is told to rest a second (the provider named it): A's granted slots must not go into it ...
      await paceB.obey('whatsapp', job, {
        ok: false,
        kind: 'paced',
        scope: 'channel',
        error: '429',
        retryAfterMs: 1_000,
      });
      // (A reads the store again once what it knows is 100 ms old.)
      clockA.advance(150);
      const during = await paceA.pausedBeforeSend('whatsapp', job, grantedAt);
      assert.equal(during?.kind === 'paced' && during.scope, 'channel');
      // ... nor crowd the window that starts when it ends
      await eventually(async () => (await a.pausedFor(key)) === 0);
      clockA.advance(1_100);
      assert.notEqual(await paceA.pausedBeforeSend('whatsapp', job, grantedAt), null);
      // a slot granted after the pause goes
      const later = clockA.now();
      assert.equal(await slotsOnceOpen(a, key, 1), 1);
      assert.equal(await paceA.pausedBeforeSend('whatsapp', job, later), null);
    });
  });
}

for (const engine of engines()) {
  describe(`holding back and janaza first (${engine})`, () => {
    const fresh = migratedDatabase(engine);
    const options = (leaseMs = 60_000) => ({
      engine,
      config: { publicUrl: 'http://localhost', unsubscribeKey: 'k', bounceKey: 'b' },
      leaseMs,
    });

    /** A sending of a new item (its row need not exist: a missing item is a cancelled message, still claimed). */
    async function sending(kind: 'janaza' | 'events', subscribers: { id: string; channel: string }[], at: string) {
      const outboxId = randomUUID();
      await fresh.db
        .insertInto('outbox')
        .values({ id: outboxId, kind, item_id: randomUUID(), number: 0, state: 'expanded', created_at: at })
        .execute();
      await fresh.db
        .insertInto('deliveries')
        .values(
          subscribers.map((s) => ({
            outbox_id: outboxId,
            subscriber_id: s.id,
            channel: s.channel,
            state: 'pending',
            attempts: 0,
            next_attempt_at: at,
            updated_at: at,
            priority: kind === 'janaza' ? 0 : 1,
          })),
        )
        .execute();
      return outboxId;
    }

    test('a janaza approved after an event is claimed before any of the event', async () => {
      const people = Array.from({ length: 6 }, () => newSubscriber({ channel: 'email' }));
      await fresh.db.insertInto('subscribers').values(people).execute();
      const event = await sending('events', people, new Date(Date.now() - 60_000).toISOString());
      const janaza = await sending('janaza', people, new Date().toISOString());
      const first = await claimDue(fresh.db, 'email', 6, options());
      assert.deepEqual(
        first.map((j) => j.outboxId),
        Array(6).fill(janaza),
      );
      const next = await claimDue(fresh.db, 'email', 6, options());
      assert.deepEqual(
        next.map((j) => j.outboxId),
        Array(6).fill(event),
      );
    });

    test('one Telegram message a second per chat: a second one in the claim, or one just sent, waits', async () => {
      const [ali, siti] = [newSubscriber({ channel: 'telegram' }), newSubscriber({ channel: 'telegram' })];
      await fresh.db.insertInto('subscribers').values([ali, siti]).execute();
      const now = new Date().toISOString();
      await sending('events', [ali, siti], now);
      await sending('janaza', [ali], now);
      const jobs = await claimDue(fresh.db, 'telegram', 10, options());
      assert.equal(jobs.length, 3);
      const { go, held } = await holdBack(fresh.db, 'telegram', jobs, dailyLimit(null, 20));
      assert.deepEqual(
        go.map((j) => [j.subscriberId, j.kind]).sort(),
        [
          [ali.id, 'janaza'],
          [siti.id, 'events'],
        ].sort(),
      );
      assert.deepEqual(
        held.map((h) => [h.job.subscriberId, h.outcome.scope, h.outcome.retryAfterMs]),
        [[ali.id, 'recipient', 1_000]],
      );
    });

    test('WhatsApp daily limit: a new person takes a place, events leave the janaza reserve, someone reached today is free', async () => {
      const people = Array.from({ length: 5 }, () => newSubscriber({ channel: 'whatsapp' }));
      await fresh.db.insertInto('subscribers').values(people).execute();
      const [p0, p1, p2, p3, p4] = people as [
        (typeof people)[0],
        (typeof people)[0],
        (typeof people)[0],
        (typeof people)[0],
        (typeof people)[0],
      ];
      // p0 was reached an hour ago (the limit counts people, not messages).
      const earlier = await sending('events', [p0], new Date(Date.now() - 3_600_000).toISOString());
      await fresh.db
        .updateTable('deliveries')
        .set({ state: 'sent', updated_at: new Date(Date.now() - 3_600_000).toISOString() })
        .where('outbox_id', '=', earlier)
        .execute();
      // A limit of 4 people a day, 25 % (1) kept for janaza notices: 1 used, so events may reach 2 more.
      const limit = dailyLimit(4, 25);
      await sending('events', [p0, p1, p2, p3], new Date(Date.now() - 1_000).toISOString());
      const events = await claimDue(fresh.db, 'whatsapp', 10, options());
      const first = await holdBack(fresh.db, 'whatsapp', events, limit);
      // p0 costs nothing; two of the three new people take the two places events may use; one waits.
      assert.equal(first.go.length, 3);
      assert.ok(first.go.some((j) => j.subscriberId === p0.id));
      assert.deepEqual(
        first.held.map((h) => h.outcome.scope),
        ['limit'],
      );
      const waitingOne = first.held[0]?.job.subscriberId as string;
      assert.ok([p1.id, p2.id, p3.id].includes(waitingOne));
      // The held one waits until a place frees up: p0's reach leaves the 24 hours in 23 hours.
      const wait = first.held[0]?.outcome.retryAfterMs ?? 0;
      assert.ok(Math.abs(wait - 23 * 3_600_000) < 60_000, `waits ${wait} ms`);
      // What the worker does next: the three are sent, the held one waits (pending, uncounted).
      const writer = new ResultWriter(fresh.db, DEFAULT_RETRY, { warn: () => {} });
      await Promise.all([
        ...first.go.map((job) => writer.record(job, { ok: true })),
        ...first.held.map(({ job, outcome }) => writer.record(job, outcome)),
      ]);
      const waiting = await fresh.db
        .selectFrom('deliveries')
        .select(['state', 'attempts', 'waiting'])
        .where('subscriber_id', '=', waitingOne)
        .executeTakeFirstOrThrow();
      assert.deepEqual(waiting, { state: 'pending', attempts: 0, waiting: 'limit' });
      // The janaza reserve: 3 people reached today (p0..p2), so one place is left, which only a janaza may take.
      await sending(
        'janaza',
        [people.find((p) => p.id === waitingOne) as (typeof people)[0], p4],
        new Date().toISOString(),
      );
      const janaza = await claimDue(fresh.db, 'whatsapp', 10, options());
      const second = await holdBack(fresh.db, 'whatsapp', janaza, limit);
      assert.equal(second.go.length, 1);
      assert.equal(second.held.length, 1);
      assert.equal(second.held[0]?.outcome.scope, 'limit');
    });
  });
}

/** Jobs in claim order, as the worker gets them (for type checks of the helpers above). */
export type { Job };
