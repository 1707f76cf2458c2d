import assert from 'node:assert/strict';
import { type AddressInfo, createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { connectTo, engines, freshDatabase } from '../../test/support/databases';
import { eventually } from '../../test/support/staff';
import { migrateToLatest } from '../db/migrate';
import { sharedRateLimits } from './index';

/**
 * Where Redis was, down: a host that takes each connection and resets it at once, as a crashed Redis's host
 * does, counting the attempts, so a test can see the client has tried again.
 */
async function downRedisHost() {
  let attempts = 0;
  const server = createServer((socket) => {
    attempts++;
    socket.resetAndDestroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Fastify app with one route limited to 5 a minute, counting through the shared rate limits at `redisUrl`. */
async function limitedApp(
  engine: ReturnType<typeof engines>[number],
  redisUrl: string,
  warn: (message: string) => void,
) {
  const database = await freshDatabase(engine);
  const db = connectTo(database);
  await migrateToLatest(db);
  const limits = sharedRateLimits(db, redisUrl, warn);
  const app = Fastify();
  await app.register(rateLimit, { ...limits.store, global: false });
  app.get('/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  return {
    db,
    limits,
    app,
    async close() {
      await app.close();
      await limits.close();
      await db.destroy();
      await database.drop();
    },
  };
}

for (const engine of engines()) {
  describe(`rate limits with REDIS_URL set and Redis down (${engine})`, () => {
    let subject: Awaited<ReturnType<typeof limitedApp>>;
    let redisHost: Awaited<ReturnType<typeof downRedisHost>>;
    const warnings: string[] = [];
    before(async () => {
      redisHost = await downRedisHost();
      subject = await limitedApp(engine, redisHost.url, (m) => warnings.push(m));
    });
    after(async () => {
      await subject.close();
      await redisHost.close();
    });

    test('the limit holds from the database, answers are 200 or 429, and the log says so once', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await subject.app.inject({ url: '/limited' })).statusCode);
      assert.deepEqual(statuses, [...Array(5).fill(200), ...Array(25).fill(429)]);
      // ioredis keeps retrying meanwhile: three more failed attempts, still one line
      const seen = redisHost.attempts();
      await eventually(async () => redisHost.attempts() >= seen + 3);
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0], /Redis is unreachable.*counting in the database/);
    });
  });
}

describe('rate limits with Redis up, from the first request', () => {
  let subject: Awaited<ReturnType<typeof limitedApp>>;
  before(async () => {
    subject = await limitedApp('sqlite', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5', () => {});
  });
  after(() => subject.close());

  test('once `ready` has settled, the very first request is counted in Redis, none in the database', async () => {
    await subject.limits.ready;
    const response = await subject.app.inject({ url: '/limited', remoteAddress: `192.0.2.${Date.now() % 250}` });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['x-ratelimit-remaining'], '4');
    assert.deepEqual(await subject.db.selectFrom('rate_limits').selectAll().execute(), []);
  });
});
