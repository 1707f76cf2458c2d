import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  test('defaults: demo mode on SQLite at localhost:3000, bound to 127.0.0.1', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.publicUrl, 'http://localhost:3000');
    assert.equal(c.demo, true);
    assert.deepEqual(c.database, { kind: 'sqlite', file: './data/ummahnotify.sqlite' });
    assert.equal(c.timeZone, 'Asia/Singapore');
    assert.equal(c.remotes.events, '/remotes/events/mf-manifest.json');
    assert.deepEqual(c.corsOrigins, ['http://localhost:3000']);
  });

  test('a Google client turns demo mode off and binds to every interface', () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', DATABASE_URL: 'postgres://u@h/db' });
    assert.equal(c.demo, false);
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.oidc.issuer, 'https://accounts.google.com');
    assert.deepEqual(c.database, { kind: 'postgres', url: 'postgres://u@h/db' });
  });

  test('remote URLs may name a folder or the manifest itself', () => {
    const c = loadConfig({
      REMOTE_JANAZA_URL: 'https://cdn.example/janaza',
      REMOTE_EVENTS_URL: 'https://cdn.example/e/mf-manifest.json',
    });
    assert.equal(c.remotes.janaza, 'https://cdn.example/janaza/mf-manifest.json');
    assert.equal(c.remotes.events, 'https://cdn.example/e/mf-manifest.json');
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ PORT: 'abc' }, /^Configuration error: PORT must be a whole number between 0 and 65535 \(got 'abc'\)$/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ PUBLIC_URL: 'localhost' }, /^Configuration error: PUBLIC_URL must be an http\(s\) URL/],
    [{ SUPERADMIN_EMAILS: 'a@b.sg, not-an-email' }, /SUPERADMIN_EMAILS must be a comma-separated list of emails/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    [{ TZ_DISPLAY: 'Mars/Olympus' }, /TZ_DISPLAY must be an IANA time zone/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must be an smtp/],
    [{ SUPPORT_WHATSAPP: 'call me' }, /SUPPORT_WHATSAPP must be a phone number/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_SECRET is required/],
  ];
  for (const [env, message] of bad) {
    test(`refuses ${JSON.stringify(env)} with a one-line reason`, () => {
      assert.throws(
        () => loadConfig(env),
        (e: unknown) => e instanceof ConfigError && message.test(e.message) && !e.message.includes('\n'),
      );
    });
  }

  test('production without a Google client refuses to start', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /NODE_ENV=production needs GOOGLE_CLIENT_ID/);
  });

  test('the main program prints the reason and exits 1', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
    });
    assert.equal(run.status, 1);
    assert.equal(run.stderr.trim(), "Configuration error: PORT must be a whole number between 0 and 65535 (got 'abc')");
  });
});
