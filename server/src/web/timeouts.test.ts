import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import type { FastifyInstance } from 'fastify';
import { freshDatabase, type TestDatabase } from '../../test/support/databases';
import { freePort } from '../../test/support/server';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { CONNECTION_TIMEOUTS, type ConnectionTimeouts } from './timeouts';

/** `Content-Length: 100` and one byte held a connection for over 200 s; the target is a cut within 30 s. */
const TARGET_MS = 30_000;
const SLOW_BODY = `POST ${SIGNUP_API.email} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`;

/** Opens a raw connection, sends `first` (then `trickle` every `everyMs`), and measures until the server closes it. */
function heldFor(
  port: number,
  first: string,
  trickle?: { text: string; everyMs: number },
): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(port, '127.0.0.1', () => {
      if (first) socket.write(first);
      if (trickle) timer = setInterval(() => socket.writable && socket.write(trickle.text), trickle.everyMs);
    });
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('error', () => {}); // a reset is a close too
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, answer });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${TARGET_MS * 2} ms`));
    }, TARGET_MS * 2).unref();
  });
}

async function serverWith(timeouts?: ConnectionTimeouts) {
  const database = await freshDatabase('sqlite');
  const port = await freePort();
  const app = await buildApp(
    loadConfig({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: database.dataDir }),
    { logger: false, timeouts },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { app, port, database };
}

describe('connections are cut when a client stalls (short time-outs)', () => {
  const short: ConnectionTimeouts = {
    headersMs: 800,
    requestMs: 1500,
    checkEveryMs: 100,
    idleMs: 2500,
    keepAliveMs: 1000,
  };
  let server: { app: FastifyInstance; port: number; database: TestDatabase };
  before(async () => {
    server = await serverWith(short);
  });
  after(async () => {
    await server.app.close();
    await server.database.drop();
  });

  test('a body that never comes: 408 and closed at the request time-out', async () => {
    const { ms, answer } = await heldFor(server.port, SLOW_BODY);
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.ok(ms >= short.requestMs - 100 && ms < short.requestMs + 1000, `closed after ${ms} ms`);
  });

  test('a body that trickles a byte at a time is cut at the request time-out too', async () => {
    const { ms, answer } = await heldFor(server.port, SLOW_BODY, { text: ' ', everyMs: 200 });
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.ok(ms < short.requestMs + 1000, `closed after ${ms} ms`);
  });

  test('headers that trickle are cut at the headers time-out', async () => {
    const { ms, answer } = await heldFor(server.port, 'GET /healthz HTTP/1.1\r\n', {
      text: 'X-a: b\r\n',
      everyMs: 100,
    });
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.ok(ms >= short.headersMs - 100 && ms < short.headersMs + 1000, `closed after ${ms} ms`);
  });

  test('a connection that never sends anything is closed: it is still waiting for its headers', async () => {
    const { ms } = await heldFor(server.port, '');
    assert.ok(ms >= short.headersMs - 100 && ms < short.headersMs + 1000, `closed after ${ms} ms`);
  });

  test('a kept-alive connection is closed at the keep-alive time-out after its answer', async () => {
    const { ms, answer } = await heldFor(server.port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    assert.match(answer, /^HTTP\/1\.1 200 /);
    // Node 20 closes an idle kept-alive socket about 1 s after keepAliveTimeout (measured: 1 s -> 2.0 s, 3 s -> 4.0 s).
    assert.ok(ms >= short.keepAliveMs - 100 && ms < short.keepAliveMs + 1500, `closed after ${ms} ms`);
  });
});

describe('the real time-outs', () => {
  test('they are within the target: a request is cut within 30 s, headers first', () => {
    const t = CONNECTION_TIMEOUTS;
    assert.ok(t.requestMs + t.checkEveryMs <= TARGET_MS);
    assert.ok(t.headersMs < t.requestMs);
    assert.ok(t.idleMs <= TARGET_MS);
  });

  test('Content-Length: 100 and one byte is answered 408 and closed within 30 s (measured)', async () => {
    const server = await serverWith();
    try {
      const { ms, answer } = await heldFor(server.port, SLOW_BODY);
      assert.match(answer, /^HTTP\/1\.1 408 /);
      assert.ok(ms < TARGET_MS, `closed after ${ms} ms`);
      console.log(`# the real defaults cut a body that never came after ${ms} ms`);
    } finally {
      await server.app.close();
      await server.database.drop();
    }
  });
});
