import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { connectTo, engines, freshDatabase, type TestDatabase } from '../../test/support/databases';
import { freePort } from '../../test/support/server';
import type { Db } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { type SharedRateLimits, sharedRateLimits } from './index';

for (const engine of engines()) {
  describe(`rate limits with REDIS_URL set and Redis down (${engine})`, () => {
    let database: TestDatabase;
    let db: Db;
    let limits: SharedRateLimits;
    let app: FastifyInstance;
    const warnings: string[] = [];

    before(async () => {
      database = await freshDatabase(engine);
      db = connectTo(database);
      await migrateToLatest(db);
      // nothing listens on this port
      limits = sharedRateLimits(db, `redis://127.0.0.1:${await freePort()}`, (m) => warnings.push(m));
      app = Fastify();
      await app.register(rateLimit, { ...limits.store, global: false });
      app.get('/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    });
    after(async () => {
      await app.close();
      await limits.close();
      await db.destroy();
      await database.drop();
    });

    test('the limit holds from the database, answers are 200 or 429, and the log says so once', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await app.inject({ url: '/limited' })).statusCode);
      assert.deepEqual(statuses, [...Array(5).fill(200), ...Array(25).fill(429)]);
      // ioredis keeps retrying meanwhile: still one line
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0], /Redis is unreachable.*counting in the database/);
    });
  });
}

describe('rate limits with Redis up, from the first request', () => {
  let database: TestDatabase;
  let db: Db;
  let limits: SharedRateLimits;
  let app: FastifyInstance;

  before(async () => {
    database = await freshDatabase('sqlite');
    db = connectTo(database);
    await migrateToLatest(db);
    limits = sharedRateLimits(db, process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5', () => {});
    app = Fastify();
    await app.register(rateLimit, { ...limits.store, global: false });
    app.get('/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  });
  after(async () => {
    await app.close();
    await limits.close();
    await db.destroy();
    await database.drop();
  });

  test('once `ready` has settled, the very first request is counted in Redis, none in the database', async () => {
    await limits.ready;
    const response = await app.inject({ url: '/limited', remoteAddress: `192.0.2.${Date.now() % 250}` });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['x-ratelimit-remaining'], '4');
    assert.deepEqual(await db.selectFrom('rate_limits').selectAll().execute(), []);
  });
});
