import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freshDatabase } from '../../test/support/databases';
import { freePort } from '../../test/support/server';
import { eventually } from '../../test/support/staff';
import { buildApp } from '../app';
import { loadConfig } from '../config';

test('tokens in URLs never reach the request log', async () => {
  const database = await freshDatabase('sqlite');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const app = await buildApp(loadConfig({ PORT: String(port), PUBLIC_URL: url, DATA_DIR: database.dataDir }), {
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const calls: [string, string][] = [
      ['POST', '/api/public/unsubscribe/SECRET-one-click-token'],
      ['GET', '/unsubscribe?lang=ta&token=SECRET-page-token'],
      ['GET', '/subscribe/confirm?token=SECRET-confirm-token'],
      ['GET', '/api/auth/google/callback?code=SECRET-oidc-code&state=SECRET-oidc-state&iss=x'],
      ['GET', '/api/public/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=SECRET-verify&hub.challenge=SECRET-c'],
    ];
    for (const [method, path] of calls)
      await (await fetch(`${url}${path}`, { method, redirect: 'manual' })).arrayBuffer();
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
    assert.equal(requests.length, calls.length, 'each request was logged');
    assert.deepEqual(
      requests.map((l) => l.req.url),
      [
        '/api/public/unsubscribe/REDACTED',
        '/unsubscribe?lang=ta&token=REDACTED',
        '/subscribe/confirm?token=REDACTED',
        '/api/auth/google/callback?code=REDACTED&state=REDACTED&iss=x',
        '/api/public/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=REDACTED&hub.challenge=REDACTED',
      ],
    );
    assert.equal(lines.join('\n').includes('SECRET-'), false, 'no secret anywhere in the log');
  } finally {
    await app.close();
    await database.drop();
  }
});

test('credentials in URLs never reach the log: a REDIS_URL password, errors and messages quoting a URL', async () => {
  const database = await freshDatabase('sqlite');
  const port = await freePort();
  const closedPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const warned: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warned.push(args.map(String).join(' '));
  const app = await buildApp(
    loadConfig({
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: database.dataDir,
      REDIS_URL: `redis://:redis-SECRET-1@127.0.0.1:${closedPort}`,
    }),
    { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
  );
  try {
    await app.listen({ port, host: '127.0.0.1' });
    // A rate-limited route asks Redis, which is not there.
    await (
      await fetch(`${url}/api/public/signup/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.org', topics: ['janaza'], language: 'en' }),
      })
    ).arrayBuffer();
    app.log.error(
      { err: new Error('connect to postgres://app:pg-SECRET-2@db.internal/un failed') },
      'S3 at https://KEY:s3-SECRET-3@minio.internal/bucket refused',
    );
    app.log.warn(new Error('smtp://mailer:smtp-SECRET-4@mail.example.org:587 timed out'));
    // Both Redis connections (rate limits, delivery pace) report the refused connection asynchronously:
    // the log is read once each has said so.
    const unreachable = (counters: string) => lines.some((l) => l.includes(`${counters}: Redis is unreachable (`));
    await eventually(async () => unreachable('rate limits') && unreachable('delivery pace'));
    const everything = [...lines, ...warned].join('\n');
    assert.ok(
      everything.includes('postgres://***:***@db.internal/un'),
      'the URL is still shown, without its credentials',
    );
    assert.ok(everything.includes('https://***:***@minio.internal/bucket'));
    assert.equal(/SECRET-\d/.test(everything), false, everything);
  } finally {
    console.warn = warn;
    await app.close();
    await database.drop();
  }
});
