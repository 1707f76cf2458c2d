import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, remoteBucketVariable, sectionBuildSettings } from './config';

describe('configuration from the environment', () => {
  test('defaults: demo mode on SQLite at localhost:3000, bound to 127.0.0.1', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.publicUrl, 'http://localhost:3000');
    assert.equal(c.demo, true);
    // server/data/, whatever the working directory (README "Run it")
    const serverData = fileURLToPath(new URL('../data/', import.meta.url));
    assert.deepEqual(c.database, { kind: 'sqlite', file: `${serverData}ummahnotify.sqlite` });
    assert.equal(c.remotes.events, '/remotes/events/mf-manifest.json');
    assert.deepEqual(c.corsOrigins, ['http://localhost:3000']);
  });

  const google = {
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 's',
    VAPID_SUBJECT: 'mailto:notices@masjid.example.sg',
  };

  test('a Google client turns demo mode off and binds to every interface', () => {
    const c = loadConfig({ ...google, DATABASE_URL: 'postgres://u@h/db' });
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
    // Every time is Singapore time (docs/decisions/2026-11-25-one-time-zone.md): another zone is refused, not ignored.
    [{ TZ_DISPLAY: 'Mars/Olympus' }, /TZ_DISPLAY must be Asia\/Singapore or unset/],
    [{ TZ_DISPLAY: 'Europe/London' }, /TZ_DISPLAY must be Asia\/Singapore or unset/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must be an smtp/],
    [{ SUPPORT_WHATSAPP: 'call me' }, /SUPPORT_WHATSAPP must be a phone number/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_SECRET is required/],
    [
      { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' },
      /^Configuration error: VAPID_SUBJECT is required outside demo mode/,
    ],
    [{ VAPID_SUBJECT: 'notices@example.sg' }, /VAPID_SUBJECT must be a mailto: address or an https: URL/],
    [
      { ...google, SUPERADMIN_EMAILS: 'chair@masjid.example.sg', VAPID_SUBJECT: 'mailto:Chair@masjid.example.sg' },
      /VAPID_SUBJECT must be a role address/,
    ],
    [{ SESSION_IDLE_MINUTES: '0' }, /SESSION_IDLE_MINUTES must be a whole number of minutes/],
    [{ BOUNCE_ADDRESS: 'bounces' }, /BOUNCE_ADDRESS must be an email address/],
    [{ BOUNCE_ADDRESS: 'bounces+x@example.org' }, /BOUNCE_ADDRESS must have no \+ in its local part/],
    // RFC 5321 §4.5.3.1.1: a local part is at most 64 octets, and +<26-character tag> takes 27 of them.
    [{ BOUNCE_ADDRESS: `${'b'.repeat(38)}@example.org` }, /BOUNCE_ADDRESS must have a local part of at most 37/],
    [{ BOUNCE_IMAP_URL: 'https://mail.example.org/INBOX' }, /BOUNCE_IMAP_URL must be an imap:\/\/ or imaps:\/\/ URL/],
    [{ BOUNCE_IMAP_URL: 'imap://mail.example.org/INBOX' }, /BOUNCE_IMAP_URL must name the mailbox user/],
    [
      { BOUNCE_IMAP_URL: 'imaps://u:imap-pass@mail.example.org/INBOX' },
      /^Configuration error: BOUNCE_IMAP_URL needs BOUNCE_ADDRESS(?!.*imap-pass)/,
    ],
  ];
  for (const [env, message] of bad) {
    test(`refuses ${JSON.stringify(env)} with a one-line reason`, () => {
      assert.throws(
        () => loadConfig(env),
        (e: unknown) => e instanceof ConfigError && message.test(e.message) && !e.message.includes('\n'),
      );
    });
  }

  test('VAPID_SUBJECT: a role address by default in demo mode, as given otherwise', () => {
    assert.equal(loadConfig({}).vapidSubject, 'mailto:notices@localhost');
    assert.equal(loadConfig(google).vapidSubject, 'mailto:notices@masjid.example.sg');
    assert.equal(
      loadConfig({ ...google, VAPID_SUBJECT: 'https://notify.example.sg' }).vapidSubject,
      'https://notify.example.sg',
    );
  });

  test('BOUNCE_ADDRESS and BOUNCE_IMAP_URL: unset by default, as given otherwise', () => {
    assert.deepEqual(loadConfig({}).bounces, { address: undefined, imapUrl: undefined });
    const url = 'imaps://bounces:pw@mail.example.org:993/INBOX?tls.rejectUnauthorized=false';
    const c = loadConfig({ BOUNCE_ADDRESS: `${'b'.repeat(37)}@example.org`, BOUNCE_IMAP_URL: url });
    assert.deepEqual(c.bounces, { address: `${'b'.repeat(37)}@example.org`, imapUrl: url });
  });

  test('SESSION_IDLE_MINUTES defaults to a day', () => {
    assert.equal(loadConfig({}).sessionIdleMinutes, 1440);
    assert.equal(loadConfig({ SESSION_IDLE_MINUTES: '30' }).sessionIdleMinutes, 30);
  });

  test('SHUTDOWN_SECONDS: 45 by default, above the longest send (30 s) plus time to record it', () => {
    assert.equal(loadConfig({}).shutdownSeconds, 45);
    assert.equal(loadConfig({ SHUTDOWN_SECONDS: '120' }).shutdownSeconds, 120);
    for (const [value, reason] of [
      ['20', /^Configuration error: SHUTDOWN_SECONDS must be at least 35 seconds: the longest send \(30 s\)/],
      ['40.5', /^Configuration error: SHUTDOWN_SECONDS must be a whole number of seconds between 35 and 600/],
      ['soon', /^Configuration error: SHUTDOWN_SECONDS must be a whole number of seconds between 35 and 600/],
      ['3600', /^Configuration error: SHUTDOWN_SECONDS must be a whole number of seconds between 35 and 600/],
    ] as const) {
      assert.throws(
        () => loadConfig({ SHUTDOWN_SECONDS: value }),
        (e: unknown) => e instanceof ConfigError && reason.test(e.message),
        value,
      );
    }
  });

  // A refused secret is named but never printed: configuration errors end up in logs.
  const secrets: [string, string][] = [
    ['SESSION_SECRET', 'too-short-but-still-secret'],
    ['TELEGRAM_WEBHOOK_SECRET', 'bad secret with spaces!'],
  ];
  for (const [name, value] of secrets) {
    test(`a wrong ${name} is reported without its value`, () => {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (e: unknown) =>
          e instanceof ConfigError &&
          e.message.startsWith(`Configuration error: ${name} `) &&
          e.message.endsWith('(got a value that is not shown)') &&
          !e.message.includes(value) &&
          !e.message.includes('password'),
      );
    });
  }

  // S3_URL=ftp://KEY:Secret@host/bucket printed the secret, and so did a REDIS_URL with a password.
  const urlsWithCredentials: [string, string, string[], string][] = [
    ['S3_URL', 'ftp://KEY:Secret@host/bucket', ['KEY', 'Secret'], "'ftp://***:***@host/bucket'"],
    [
      'REDIS_URL',
      'http://:redis-password@cache.internal:6379',
      ['redis-password'],
      "'http://:***@cache.internal:6379/'",
    ],
    [
      'SMTP_URL',
      'http://user:mail-password@mail.example.sg',
      ['user', 'mail-password'],
      "'http://***:***@mail.example.sg/'",
    ],
    [
      'S3_URL',
      'https://AKIAKEY:wJal/rSECRET@minio.internal/bucket',
      ['AKIAKEY', 'wJal', 'rSECRET'],
      'a value that is not a URL, not shown',
    ],
    ['PUBLIC_URL', 'ftp://u:pw-in-public-url@x.example', ['pw-in-public-url'], "'ftp://***:***@x.example/'"],
    [
      'BOUNCE_IMAP_URL',
      'http://bounces:imap-password@mail.example.sg/INBOX',
      ['imap-password'],
      "'http://***:***@mail.example.sg/INBOX'",
    ],
    [
      'REDIS_URL',
      'http://cache.internal:6379/?password=query-secret',
      ['query-secret'],
      "'http://cache.internal:6379/?password=***'",
    ],
    [
      'S3_URL',
      'ftp://host/bucket?X-Amz-Signature=sig-secret&region=x',
      ['sig-secret'],
      "'ftp://host/bucket?X-Amz-Signature=***&region=x'",
    ],
  ];
  for (const [name, value, secrets, shown] of urlsWithCredentials) {
    test(`a wrong ${name} with credentials is shown without them: ${value}`, () => {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (e: unknown) => {
          assert.ok(e instanceof ConfigError);
          assert.ok(e.message.startsWith(`Configuration error: ${name} `), e.message);
          assert.ok(e.message.endsWith(`(got ${shown})`), e.message);
          for (const secret of secrets) assert.ok(!e.message.includes(secret), `${secret} in: ${e.message}`);
          return true;
        },
      );
    });
  }

  test('the main program prints a wrong S3_URL without its secret', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, S3_URL: 'ftp://KEY:Secret@host/bucket' },
      encoding: 'utf8',
    });
    assert.equal(run.status, 1);
    assert.equal(
      run.stderr.trim(),
      "Configuration error: S3_URL must be s3://<bucket> or https://<key>:<secret>@<host>/<bucket> (got 'ftp://***:***@host/bucket')",
    );
    assert.ok(!`${run.stdout}${run.stderr}`.includes('Secret'));
  });

  test('production without a Google client refuses to start', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /NODE_ENV=production needs GOOGLE_CLIENT_ID/);
  });

  describe('demo sign-in only on the machine itself', () => {
    const loopback: Record<string, string>[] = [
      {},
      { PUBLIC_URL: 'http://localhost:8080' },
      { PUBLIC_URL: 'http://127.0.0.1:3000', HOST: '127.0.0.1' },
      { PUBLIC_URL: 'http://127.9.8.7:3000', HOST: '127.0.0.2' },
      { PUBLIC_URL: 'http://[::1]:3000', HOST: '::1' },
      { PUBLIC_URL: 'http://localhost:3000', HOST: 'localhost' },
    ];
    for (const env of loopback) {
      test(`demo mode with ${JSON.stringify(env)}`, () => {
        assert.equal(loadConfig(env).demo, true);
      });
    }
    const offLoopback: Record<string, string>[] = [
      { PUBLIC_URL: 'https://notify.example.org' },
      { PUBLIC_URL: 'http://192.168.1.20:3000' },
      { PUBLIC_URL: 'http://10.0.0.5' },
      { PUBLIC_URL: 'http://[fd12::1]:3000' },
      { PUBLIC_URL: 'http://localhost.example.org' },
      { HOST: '0.0.0.0' },
      { HOST: '::' },
      { HOST: '192.168.1.20' },
      { PUBLIC_URL: 'http://localhost:3000', HOST: 'my-server' },
      { PUBLIC_URL: 'https://notify.example.org', HOST: '127.0.0.1', NODE_ENV: 'development' },
    ];
    for (const env of offLoopback) {
      test(`no Google client with ${JSON.stringify(env)}: refuses to start, naming GOOGLE_CLIENT_ID and what to do`, () => {
        assert.throws(
          () => loadConfig(env),
          (e: unknown) =>
            e instanceof ConfigError &&
            /^Configuration error: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required/.test(e.message) &&
            e.message.includes('PUBLIC_URL=http://localhost') &&
            !e.message.includes('\n'),
        );
      });
    }
    test('a Google client on a public address is not demo mode', () => {
      const c = loadConfig({ ...google, PUBLIC_URL: 'https://notify.example.org', HOST: '0.0.0.0' });
      assert.equal(c.demo, false);
    });
  });

  describe('outside demo mode PUBLIC_URL is https, or http on loopback only (Secure cookies)', () => {
    for (const url of [
      'http://notify.example.sg',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'http://[fd12::1]:3000',
      'http://localhost.example.org',
    ]) {
      for (const NODE_ENV of ['production', 'development']) {
        test(`${url} with a Google client (NODE_ENV=${NODE_ENV}): refused in one line that says why`, () => {
          assert.throws(
            () => loadConfig({ ...google, NODE_ENV, PUBLIC_URL: url }),
            (e: unknown) =>
              e instanceof ConfigError &&
              e.message.startsWith(`Configuration error: PUBLIC_URL (${url}`) &&
              e.message.includes('must be https:// outside demo mode') &&
              e.message.includes('Secure') &&
              !e.message.includes('\n'),
          );
        });
      }
    }
    for (const url of [
      'https://notify.example.sg',
      'https://192.168.1.20',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]) {
      test(`${url} with a Google client in production: accepted`, () => {
        const c = loadConfig({ ...google, NODE_ENV: 'production', PUBLIC_URL: url });
        assert.equal(c.demo, false);
        assert.equal(c.publicUrl, url);
      });
    }
    test("an http PUBLIC_URL's credentials are not shown in the refusal", () => {
      assert.throws(
        () => loadConfig({ ...google, PUBLIC_URL: 'http://user:pw-in-url@notify.example.sg' }),
        (e: unknown) => e instanceof ConfigError && /must be https/.test(e.message) && !e.message.includes('pw-in-url'),
      );
    });
  });

  test('SESSION_SECRET_PREVIOUS: at least 32 characters, and never shown', () => {
    assert.equal(loadConfig({}).sessionSecretPrevious, undefined);
    const previous = 'the-previous-session-secret-0123456789';
    assert.equal(loadConfig({ SESSION_SECRET_PREVIOUS: previous }).sessionSecretPrevious, previous);
    assert.throws(
      () => loadConfig({ SESSION_SECRET_PREVIOUS: 'short-and-secret' }),
      (e: unknown) =>
        e instanceof ConfigError &&
        e.message ===
          'Configuration error: SESSION_SECRET_PREVIOUS must be at least 32 characters (got a value that is not shown)',
    );
  });

  test('VAPID_ROTATE: off unless set to true', () => {
    assert.equal(loadConfig({}).vapidRotate, false);
    assert.equal(loadConfig({ VAPID_ROTATE: 'true' }).vapidRotate, true);
    assert.throws(() => loadConfig({ VAPID_ROTATE: 'yes please' }), /VAPID_ROTATE must be true or false/);
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

describe('DKIM settings', () => {
  const rsa = (bits: number) =>
    generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pem = rsa(2048);
  const base = {
    MAIL_FROM: 'UmmahNotify <notices@mail.example.org>',
    DKIM_DOMAIN: 'example.org',
    DKIM_SELECTOR: 'un2026',
  };
  /** Refused with a one-line reason that never holds the key (not even a line of it). */
  const refuses = (env: Record<string, string>, reason: RegExp) =>
    assert.throws(
      () => loadConfig(env),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError, String(e));
        assert.match(e.message, reason);
        assert.ok(!e.message.includes('\n'), e.message);
        for (const line of pem.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----')))
          assert.ok(!e.message.includes(line));
        assert.ok(!e.message.includes('not-a-key-secret'));
        return true;
      },
    );

  test('unset: mail goes unsigned', () => {
    assert.equal(loadConfig({}).dkim, null);
  });

  test('the key as PEM text, as PEM with its line breaks written \\n, or as a file', () => {
    const fromText = loadConfig({ ...base, DKIM_PRIVATE_KEY: pem }).dkim;
    assert.deepEqual(fromText, { domainName: 'example.org', keySelector: 'un2026', privateKey: pem.trim() });
    const escaped = loadConfig({ ...base, DKIM_PRIVATE_KEY: pem.trim().replace(/\n/g, '\\n') }).dkim;
    assert.equal(escaped?.privateKey, pem.trim());
    const file = join(mkdtempSync(join(tmpdir(), 'dkim-config-')), 'key.pem');
    writeFileSync(file, pem);
    assert.equal(loadConfig({ ...base, DKIM_PRIVATE_KEY_FILE: file }).dkim?.privateKey, pem.trim());
  });

  test('refuses a partial setting, naming what is missing', () => {
    refuses({ DKIM_DOMAIN: 'example.org' }, /DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set$/);
    refuses({ DKIM_SELECTOR: 'un2026', DKIM_PRIVATE_KEY: pem }, /DKIM_DOMAIN is not set$/);
    refuses({ ...base, DKIM_PRIVATE_KEY: pem, DKIM_PRIVATE_KEY_FILE: '/etc/dkim.pem' }, /not both/);
  });

  test('refuses a wrong domain or selector, showing it', () => {
    refuses(
      { ...base, DKIM_DOMAIN: 'https://example.org', DKIM_PRIVATE_KEY: pem },
      /^Configuration error: DKIM_DOMAIN must be a domain name.*'https:\/\/example.org\/?'/,
    );
    refuses(
      { ...base, DKIM_SELECTOR: 'un 2026', DKIM_PRIVATE_KEY: pem },
      /^Configuration error: DKIM_SELECTOR must be a DNS label/,
    );
  });

  test('refuses what is not a private key, never showing it', () => {
    refuses(
      { ...base, DKIM_PRIVATE_KEY: 'not-a-key-secret' },
      /^Configuration error: DKIM_PRIVATE_KEY must hold a private key in PEM form/,
    );
    refuses({ ...base, DKIM_PRIVATE_KEY: `${pem.slice(0, 300)}\n-----END PRIVATE KEY-----` }, /DKIM_PRIVATE_KEY/);
  });

  test('refuses a key nodemailer cannot sign with or receivers refuse (RFC 8301 §3.2: RSA, 1024 bits or more)', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    refuses({ ...base, DKIM_PRIVATE_KEY: ec.toString() }, /must be an RSA key of 1024 bits or more.*got a ec key$/);
    refuses({ ...base, DKIM_PRIVATE_KEY: rsa(768) }, /got 768 bits$/);
  });

  test('refuses an unreadable key file, naming the file', () => {
    refuses(
      { ...base, DKIM_PRIVATE_KEY_FILE: '/nonexistent/dkim.pem' },
      /DKIM_PRIVATE_KEY_FILE cannot be read \(ENOENT\): '\/nonexistent\/dkim.pem'$/,
    );
  });

  test('refuses a signing domain that does not align with the From domain (DMARC, RFC 7489 §3.1.1)', () => {
    refuses(
      { ...base, DKIM_DOMAIN: 'other.example.net', DKIM_PRIVATE_KEY: pem },
      /DKIM_DOMAIN \(other.example.net\) must be MAIL_FROM's domain \(mail.example.org\)/,
    );
    assert.equal(
      loadConfig({ ...base, DKIM_DOMAIN: 'mail.example.org', DKIM_PRIVATE_KEY: pem }).dkim?.domainName,
      'mail.example.org',
    );
  });
});

describe("a section's deploy settings (npm run deploy:remote)", () => {
  const bucket = 'https://KEYID:sekret-value@s3.example.sg/sections/events/';
  const base = { REMOTE_EVENTS_BUCKET: bucket, PUBLIC_URL: 'https://notify.example.sg/dashboard' };

  test("the bucket of the section's own variable, the shell's origin, and who deploys", () => {
    const settings = sectionBuildSettings('events', base);
    assert.equal(settings.variable, 'REMOTE_EVENTS_BUCKET');
    assert.equal(settings.bucketUrl, bucket);
    assert.equal(settings.region, 'us-east-1');
    assert.equal(settings.shellOrigin, 'https://notify.example.sg');
    assert.equal(settings.deployedBy, userInfo().username);
    assert.equal(sectionBuildSettings('events', { ...base, DEPLOYED_BY: ' aisha ' }).deployedBy, 'aisha');
    assert.equal(sectionBuildSettings('events', { ...base, AWS_REGION: 'ap-southeast-1' }).region, 'ap-southeast-1');
    assert.equal(remoteBucketVariable('lost-found' as never), 'REMOTE_LOST_FOUND_BUCKET');
  });

  test('refuses an unknown section, a missing or wrong bucket and a missing PUBLIC_URL, showing no secret', () => {
    assert.throws(
      () => sectionBuildSettings('lost-found', base),
      /Unknown section "lost-found": the sections are janaza/,
    );
    assert.throws(
      () => sectionBuildSettings('events', { ...base, REMOTE_EVENTS_BUCKET: ' ' }),
      /REMOTE_EVENTS_BUCKET is not set/,
    );
    assert.throws(
      () => sectionBuildSettings('events', { ...base, REMOTE_EVENTS_BUCKET: 'ftp://KEYID:sekret-value@host/b/' }),
      (error: Error) =>
        error instanceof ConfigError &&
        /REMOTE_EVENTS_BUCKET must be s3:/.test(error.message) &&
        !error.message.includes('sekret'),
    );
    assert.throws(
      () => sectionBuildSettings('events', { REMOTE_EVENTS_BUCKET: bucket }),
      /PUBLIC_URL must be the shell's address/,
    );
  });
});
