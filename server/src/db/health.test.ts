import assert from 'node:assert/strict';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { engines, freshDatabase, type TestDatabase } from '../../test/support/databases';
import { GOOGLE_MODE_ENV } from '../../test/support/server';
import { buildApp } from '../app';
import { loadConfig } from '../config';

/**
 * A TCP proxy on 127.0.0.1 in front of the shared PostgreSQL: paused, it keeps every connection open
 * and accepts new ones but passes no byte either way, like a database host that stopped answering.
 */
async function startPausableProxy(target: { host: string; port: number }) {
  let paused = false;
  const held: (() => void)[] = [];
  let heldOne = () => {};
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (paused) {
        held.push(() => to.write(chunk));
        heldOne();
      } else to.write(chunk);
    });
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    /** Stops passing bytes; settles once a byte has been held back (something asked the database). */
    pause: () => {
      paused = true;
      return new Promise<void>((resolve) => {
        heldOne = resolve;
      });
    },
    resume: () => {
      paused = false;
      for (const send of held.splice(0)) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** "503 within 3 s when the database does not answer" (docs/product/api.md). */
const DOCUMENTED_TIMEOUT_MS = 3_000;

/** Lets every callback already due run (promise jobs and the I/O turns between them); the clock does not move. */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('/healthz when PostgreSQL stops answering', {
  skip: !engines().includes('postgres') && 'needs PostgreSQL (TEST_DATABASE_URL)',
}, () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startPausableProxy>>;
  let app: FastifyInstance;

  before(async () => {
    database = await freshDatabase('postgres');
    const real = new URL(database.databaseUrl as string);
    proxy = await startPausableProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real.href);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    app = await buildApp(
      loadConfig({
        DATABASE_URL: viaProxy.href,
        DATA_DIR: database.dataDir,
        ...GOOGLE_MODE_ENV,
        OIDC_ISSUER: 'http://127.0.0.1:9/unused',
      }),
      { logger: false },
    );
  });
  after(async () => {
    proxy?.resume();
    await app?.close();
    await proxy?.close();
    await database?.drop();
  });

  test('answers 503 at 3 s (docs/product/api.md), and 200 again once the database is back', async (t) => {
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);

    const asked = proxy.pause();
    // The server's timers are the test's: it moves them to 3 s instead of waiting.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let answered = false;
    const answer = app.inject({ method: 'GET', url: '/healthz' }).finally(() => {
      answered = true;
    });
    await asked;
    t.mock.timers.tick(DOCUMENTED_TIMEOUT_MS - 1);
    await settle();
    assert.equal(answered, false, 'still waiting for the database just before 3 s');
    t.mock.timers.tick(1);
    await settle();
    assert.equal(answered, true, 'answered at 3 s');
    const res = await answer;
    t.mock.timers.reset();
    assert.equal(res.statusCode, 503);
    assert.match(res.json().status, /database/);

    proxy.resume();
    const back = await app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(back.statusCode, 200);
  });
});
