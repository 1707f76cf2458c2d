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
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (paused) held.push(() => to.write(chunk));
      else to.write(chunk);
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
    pause: () => {
      paused = true;
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

describe('/healthz when PostgreSQL stops answering', { skip: !engines().includes('postgres') }, () => {
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

  test('answers 503 within a few seconds, and 200 again once the database is back', async () => {
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);

    proxy.pause();
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const seconds = (Date.now() - started) / 1000;
    assert.equal(res.statusCode, 503);
    assert.ok(seconds < 5, `answered after ${seconds} s`);
    assert.match(res.json().status, /database/);

    proxy.resume();
    const back = await app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(back.statusCode, 200);
  });
});
