import assert from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import webpush from 'web-push';
import { PUSH_SERVICE_CERT, type PushService, startPushService } from '../../../test/peers/push-service';
import { GOOGLE_MODE_ENV } from '../../../test/support/server';
import { loadConfig } from '../../config';
import type { Message, Recipient } from './types';
import { createWebPushChannel, type WebPushChannel } from './webpush';

const dirs: string[] = [];
function config(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'un-webpush-'));
  dirs.push(dataDir);
  return loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://notify.example.sg', ...GOOGLE_MODE_ENV, ...env });
}

const message: Message = {
  kind: 'janaza',
  itemId: 'n-1',
  language: 'ta',
  correction: false,
  title: 'ஜனாஸா அறிவிப்பு: அப்துல்லா',
  body: 'தொழுகை: வெள்ளி 2 மணி\nமஸ்ஜித் சுல்தான்',
  url: 'https://notify.example.sg/#janaza-n-1',
  imageUrl: 'https://notify.example.sg/api/v1/feed/images/i-1',
  templateParams: ['அப்துல்லா', 'வெள்ளி 2 மணி', 'மஸ்ஜித் சுல்தான்', 'https://notify.example.sg/#janaza-n-1'],
};

let next = 1;
function recipient(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): Recipient {
  return {
    id: `s-${next++}`,
    channel: 'webpush',
    address: subscription.endpoint,
    pushKeys: JSON.stringify(subscription.keys),
    language: 'ta',
    token: 'unsubscribe-secret',
  };
}

describe('web push channel against a push service on 127.0.0.1', () => {
  let peer: PushService;
  let other: PushService;
  let channel: WebPushChannel;
  before(async () => {
    peer = await startPushService();
    other = await startPushService();
    channel = await createWebPushChannel(config());
  });
  after(async () => {
    await channel.close();
    await peer.close();
    await other.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('is on by default with a generated key, and the delivered payload decrypts to the message', async () => {
    assert.equal(channel.state.enabled, true);
    assert.equal(Buffer.from(channel.publicKey ?? '', 'base64url').length, 65);
    const sub = peer.subscribe();
    assert.deepEqual(await channel.send(recipient(sub), message), { ok: true });
    const got = peer.received.at(-1);
    assert.equal(got?.status, 201);
    assert.deepEqual(got?.payload, {
      title: message.title,
      body: message.body,
      url: message.url,
      image: message.imageUrl,
      tag: 'janaza-n-1',
      correction: false,
      lang: 'ta',
    });
    assert.equal(got?.headers.urgency, 'high');
    assert.equal(got?.headers.ttl, '86400');
    assert.equal(got?.headers['content-encoding'], 'aes128gcm');
    assert.match(String(got?.headers.authorization), new RegExp(`, k=${channel.publicKey}$`));
  });

  test('an event goes with normal urgency, and an over-long body is shortened to fit one record', async () => {
    const sub = peer.subscribe();
    const long = { ...message, kind: 'events' as const, body: 'மஸ்ஜித் '.repeat(400) };
    assert.deepEqual(await channel.send(recipient(sub), long), { ok: true });
    const got = peer.received.at(-1);
    assert.equal(got?.headers.urgency, 'normal');
    const body = String((got?.payload as { body?: string } | undefined)?.body);
    assert.ok(body.endsWith('…') && body.length < long.body.length);
    assert.ok(Number(got?.headers['content-length']) <= 4096);
  });

  test('a janaza push lives until its prayer and shares its Topic with the correction: a phone that was off gets the correction alone, and nothing after the prayer', async () => {
    // starts at the real time, which the push service checks the VAPID token's expiry by
    let clock = Date.now();
    const at = (hours: number) => new Date(clock + hours * 3600_000).toISOString();
    const service = await startPushService({ clock: () => clock });
    const timed = await createWebPushChannel(config(), { now: () => clock, encryptionThreads: 0 });
    try {
      const notice = { ...message, expiresAt: at(3) }; // the prayer
      const correction = { ...notice, correction: true, title: 'திருத்தம்: ஜனாஸா அறிவிப்பு: அப்துல்லா' };
      const phone = service.subscribe();
      const late = service.subscribe();
      service.goOffline(phone.endpoint);
      service.goOffline(late.endpoint);
      for (const sent of [notice, correction])
        for (const sub of [phone, late]) assert.deepEqual(await timed.send(recipient(sub), sent), { ok: true });
      const [first, , second] = service.received;
      assert.equal(first.headers.ttl, '10800', 'three hours, the time left until the prayer');
      assert.match(String(first.headers.topic), /^[A-Za-z0-9_-]{1,32}$/);
      assert.equal(second.headers.topic, first.headers.topic);
      clock += 3600_000; // one phone comes back an hour later, before the prayer
      const shown = service.comeOnline(phone.endpoint).map((m) => (m.payload as { title: string }).title);
      assert.deepEqual(shown, [correction.title]);
      clock += 2 * 3600_000; // the other at the prayer time
      assert.deepEqual(service.comeOnline(late.endpoint), []);
    } finally {
      await timed.close();
      await service.close();
    }
  });

  test('an event lives until its start, at most a day; another item has another Topic', async () => {
    let clock = Date.now();
    const at = (hours: number) => new Date(clock + hours * 3600_000).toISOString();
    const timed = await createWebPushChannel(config(), { now: () => clock, encryptionThreads: 0 });
    try {
      const event = { ...message, kind: 'events' as const, itemId: 'e-1' };
      const send = async (sent: Message) => {
        assert.deepEqual(await timed.send(recipient(peer.subscribe()), sent), { ok: true });
        return peer.received.at(-1)?.headers ?? {};
      };
      const halfPast = at(0.5);
      const soon = await send({ ...event, expiresAt: halfPast });
      const nextWeek = await send({ ...event, expiresAt: at(7 * 24) });
      clock += 60_000;
      const other = await send({ ...event, itemId: 'e-2', expiresAt: halfPast });
      assert.deepEqual([soon.ttl, nextWeek.ttl, other.ttl], ['1800', '86400', '1740']);
      assert.equal(soon.topic, nextWeek.topic);
      assert.notEqual(other.topic, soon.topic);
    } finally {
      await timed.close();
    }
  });

  test('one JWT per push service origin, reused; another origin gets its own', async () => {
    const a1 = peer.subscribe();
    const a2 = peer.subscribe();
    const b = other.subscribe();
    await channel.send(recipient(a1), message);
    await channel.send(recipient(a2), message);
    await channel.send(recipient(b), message);
    const [first, second] = peer.received.slice(-2);
    const third = other.received.at(-1);
    assert.ok(first.jwt && first.jwt === second.jwt);
    assert.ok(third?.jwt && third.jwt !== first.jwt);
    const aud = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).aud;
    assert.equal(aud(first.jwt), peer.origin);
    assert.equal(aud(third.jwt), other.origin);
  });

  test('the token is signed again well before it expires (exp at most 24 h ahead)', async () => {
    let clock = Date.now();
    const timed = await createWebPushChannel(config(), { now: () => clock, encryptionThreads: 0 });
    try {
      const jwts: string[] = [];
      for (const hours of [0, 5, 7]) {
        clock = Date.now() + hours * 3600_000;
        assert.deepEqual(await timed.send(recipient(peer.subscribe()), message), { ok: true });
        jwts.push(String(peer.received.at(-1)?.jwt));
      }
      assert.equal(jwts[1], jwts[0], 'still the same token after 5 h');
      assert.notEqual(jwts[2], jwts[0], 'a new one after 7 h');
      const exp = JSON.parse(Buffer.from(jwts[0].split('.')[1], 'base64url').toString()).exp;
      assert.ok(exp * 1000 - Date.now() <= 24 * 3600_000);
    } finally {
      await timed.close();
    }
  });

  test('the push service really checks the token: wrong audience, wrong key, bad signature', async () => {
    const sub = peer.subscribe();
    await channel.send(recipient(sub), message);
    const authorization = String(peer.received.at(-1)?.headers.authorization);
    const post = (endpoint: string, auth: string) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { authorization: auth, ttl: '60', 'content-encoding': 'aes128gcm' },
        body: new Uint8Array(100),
      }).then((r) => r.status);
    const elsewhere = other.subscribe();
    assert.equal(await post(elsewhere.endpoint, authorization), 403, 'a token for another origin');
    const otherKey = webpush.generateVAPIDKeys().publicKey;
    assert.equal(await post(sub.endpoint, authorization.replace(/k=.*$/, `k=${otherKey}`)), 401, 'another key');
    const tampered = authorization.replace(/t=([^.]+)\.([^.]+)\./, (_, h, p) => {
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      return `t=${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'mailto:x@y.z' })).toString('base64url')}.`;
    });
    assert.equal(await post(sub.endpoint, tampered), 401, 'claims changed after signing');
    assert.equal(await post(sub.endpoint, 'WebPush abc'), 401, 'no vapid header');
    // the genuine header with a body that is not aes128gcm for this subscription: refused at decryption
    assert.equal(await post(sub.endpoint, authorization), 400);
  });

  test('404/410 -> gone, 429 with Retry-After -> that push service paced, 5xx -> temporary, 400/413 -> permanent', async () => {
    const sub = peer.subscribe();
    const send = () => channel.send(recipient(sub), message);
    peer.respondWith(sub.endpoint, 410);
    assert.deepEqual(pick(await send()), { ok: false, kind: 'gone' });
    peer.respondWith(sub.endpoint, 404);
    assert.deepEqual(pick(await send()), { ok: false, kind: 'gone' });
    peer.respondWith(sub.endpoint, 429, { 'retry-after': '120' });
    const limited = await send();
    assert.deepEqual(pick(limited), { ok: false, kind: 'paced' });
    assert.deepEqual(
      !limited.ok && limited.kind === 'paced' && [limited.scope, limited.service, limited.retryAfterMs],
      ['service', new URL(sub.endpoint).origin, 120_000],
    );
    peer.respondWith(sub.endpoint, 500);
    const failed = await send();
    assert.deepEqual(pick(failed), { ok: false, kind: 'temporary' });
    assert.equal(!failed.ok && failed.kind === 'temporary' && failed.retryAfterMs, undefined);
    const asked = Date.now();
    peer.respondWith(sub.endpoint, 503, { 'retry-after': new Date(asked + 60_000).toUTCString() });
    const later = await send();
    // An HTTP date is in whole seconds: what is left of the minute, less the time the send took, however long.
    const least = 59_000 - (Date.now() - asked);
    const after = !later.ok && later.kind === 'temporary' ? later.retryAfterMs : undefined;
    assert.ok(after !== undefined && after >= least && after <= 60_000, `retry after ${after} ms`);
    for (const status of [400, 401, 403, 413]) {
      peer.respondWith(sub.endpoint, status);
      assert.deepEqual(pick(await send()), { ok: false, kind: 'permanent' }, String(status));
    }
    peer.respondWith(sub.endpoint, null);
    assert.deepEqual(await send(), { ok: true });
  });

  test('a closed port is temporary', async () => {
    const gone = await startPushService();
    const sub = gone.subscribe();
    await gone.close();
    assert.deepEqual(pick(await channel.send(recipient(sub), message)), { ok: false, kind: 'temporary' });
  });

  test('fake or missing keys are permanent without any request', async () => {
    const before = peer.stats.requests;
    const endpoint = peer.subscribe().endpoint;
    const fakes = [
      JSON.stringify({ p256dh: 'demo-abc', auth: 'demo-abc' }),
      JSON.stringify({ p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: 'short' }),
      'not json',
      null,
    ];
    for (const pushKeys of fakes) {
      const outcome = await channel.send({ ...recipient(peer.subscribe()), address: endpoint, pushKeys }, message);
      assert.deepEqual(pick(outcome), { ok: false, kind: 'permanent' }, String(pushKeys));
    }
    // 65 bytes that look like a point but are not on the curve
    const offCurve = JSON.stringify({
      p256dh: Buffer.alloc(65, 4).toString('base64url'),
      auth: Buffer.alloc(16).toString('base64url'),
    });
    assert.deepEqual(
      pick(await channel.send({ ...recipient(peer.subscribe()), address: endpoint, pushKeys: offCurve }, message)),
      {
        ok: false,
        kind: 'permanent',
      },
    );
    assert.equal(peer.stats.requests, before);
  });

  test('over HTTPS the push service gets the messages over HTTP/2, many on one connection', async () => {
    const tls = await startPushService({ tls: true });
    const secure = await createWebPushChannel(config(), { ca: PUSH_SERVICE_CERT, encryptionThreads: 0 });
    try {
      const subs = Array.from({ length: 20 }, () => tls.subscribe());
      const outcomes = await Promise.all(subs.map((sub) => secure.send(recipient(sub), message)));
      assert.deepEqual(outcomes, Array(20).fill({ ok: true }));
      assert.deepEqual(
        tls.received.map((r) => r.httpVersion),
        Array(20).fill('2.0'),
      );
      assert.equal(tls.stats.decrypted, 20);
      assert.equal(tls.connections, 1, 'one multiplexed session for the origin');
      // the outcomes are the same over HTTP/2
      const sub = subs[0];
      tls.respondWith(sub.endpoint, 410);
      assert.deepEqual(pick(await secure.send(recipient(sub), message)), { ok: false, kind: 'gone' });
      tls.respondWith(sub.endpoint, 429, { 'retry-after': '30' });
      const limited = await secure.send(recipient(sub), message);
      assert.ok(
        !limited.ok && limited.kind === 'paced' && limited.scope === 'service' && limited.retryAfterMs === 30_000,
      );
      assert.match(limited.ok ? '' : limited.error, /^push service answered 429/);
      tls.respondWith(sub.endpoint, 413);
      assert.deepEqual(pick(await secure.send(recipient(sub), message)), { ok: false, kind: 'permanent' });
      assert.ok(tls.received.every((r) => r.httpVersion === '2.0'));
    } finally {
      await secure.close();
      await tls.close();
    }
  });

  test('a session the push service closes is opened again', async () => {
    const tls = await startPushService({ tls: true });
    const secure = await createWebPushChannel(config(), { ca: PUSH_SERVICE_CERT, encryptionThreads: 0 });
    try {
      assert.deepEqual(await secure.send(recipient(tls.subscribe()), message), { ok: true });
      tls.dropConnections();
      // the first send may meet the dying session (temporary, retried by the engine); then a new one
      await secure.send(recipient(tls.subscribe()), message);
      assert.deepEqual(await secure.send(recipient(tls.subscribe()), message), { ok: true });
      assert.equal(tls.received.at(-1)?.httpVersion, '2.0');
      assert.ok(tls.connections >= 2);
    } finally {
      await secure.close();
      await tls.close();
    }
  });

  test('an HTTPS push service without HTTP/2 gets the messages over HTTP/1.1', async () => {
    const tls = await startPushService({ tls: true, http1Only: true });
    const secure = await createWebPushChannel(config(), { ca: PUSH_SERVICE_CERT, encryptionThreads: 0 });
    try {
      const subs = Array.from({ length: 5 }, () => tls.subscribe());
      const outcomes = await Promise.all(subs.map((sub) => secure.send(recipient(sub), message)));
      assert.deepEqual(outcomes, Array(5).fill({ ok: true }));
      assert.deepEqual(
        tls.received.map((r) => r.httpVersion),
        Array(5).fill('1.1'),
      );
      assert.equal(tls.stats.decrypted, 5);
      tls.respondWith(subs[0].endpoint, 404);
      assert.deepEqual(pick(await secure.send(recipient(subs[0]), message)), { ok: false, kind: 'gone' });
    } finally {
      await secure.close();
      await tls.close();
    }
  });

  test('with http2 off an HTTP/2 push service is still reached over HTTP/1.1', async () => {
    const tls = await startPushService({ tls: true });
    const secure = await createWebPushChannel(config(), { ca: PUSH_SERVICE_CERT, encryptionThreads: 0, http2: false });
    try {
      assert.deepEqual(await secure.send(recipient(tls.subscribe()), message), { ok: true });
      assert.equal(tls.received.at(-1)?.httpVersion, '1.1');
    } finally {
      await secure.close();
      await tls.close();
    }
  });

  test('the push service is compatible with web-push itself (an independent sender)', async () => {
    const tls = await startPushService({ tls: true });
    try {
      const keys = webpush.generateVAPIDKeys();
      const sub = tls.subscribe();
      const result = await webpush.sendNotification(sub, JSON.stringify({ hello: 'world' }), {
        vapidDetails: { subject: 'mailto:ops@example.sg', ...keys },
        agent: new Agent({ ca: PUSH_SERVICE_CERT }),
      });
      assert.equal(result.statusCode, 201);
      assert.deepEqual(tls.received.at(-1)?.payload, { hello: 'world' });
      assert.equal(tls.received.at(-1)?.httpVersion, '1.1', 'web-push speaks HTTP/1.1 to the HTTP/2 service');
    } finally {
      await tls.close();
    }
  });
});

function pick(outcome: Awaited<ReturnType<WebPushChannel['send']>>) {
  return outcome.ok ? { ok: true } : { ok: false, kind: outcome.kind };
}

describe('web push configuration', () => {
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('only one of the VAPID keys set: off, with the reason', async () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    const onlyPublic = await createWebPushChannel(config({ VAPID_PUBLIC_KEY: publicKey }));
    assert.deepEqual(onlyPublic.state, {
      channel: 'webpush',
      enabled: false,
      reason: 'VAPID_PUBLIC_KEY is set without VAPID_PRIVATE_KEY',
      reasonKey: 'reason.setWithout',
      reasonParams: { a: 'VAPID_PUBLIC_KEY', b: 'VAPID_PRIVATE_KEY' },
    });
    assert.equal(onlyPublic.publicKey, null);
    assert.equal(
      (
        await onlyPublic.send(
          recipient({ endpoint: 'http://127.0.0.1:9/push/1', keys: { p256dh: '', auth: '' } }),
          message,
        )
      ).ok,
      false,
    );
    const onlyPrivate = await createWebPushChannel(config({ VAPID_PRIVATE_KEY: privateKey }));
    assert.equal(onlyPrivate.state.reason, 'VAPID_PRIVATE_KEY is set without VAPID_PUBLIC_KEY');
    const mismatched = await createWebPushChannel(
      config({ VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey, VAPID_PRIVATE_KEY: privateKey }),
    );
    assert.equal(mismatched.state.reason, 'VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY');
  });

  test('a configured pair is used and accepted by the push service', async () => {
    const keys = webpush.generateVAPIDKeys();
    const channel = await createWebPushChannel(
      config({
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.sg',
      }),
    );
    const peer = await startPushService();
    try {
      assert.equal(channel.publicKey, keys.publicKey);
      assert.deepEqual(await channel.send(recipient(peer.subscribe()), message), { ok: true });
      const jwt = String(peer.received.at(-1)?.jwt);
      assert.equal(JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).sub, 'mailto:ops@example.sg');
    } finally {
      await channel.close();
      await peer.close();
    }
  });

  test('a generated pair comes from the shared key store, so every instance signs with the same key', async () => {
    const store = new Map<string, string>();
    const keys = async (name: string, make: () => string) => {
      if (!store.has(name)) store.set(name, make());
      return store.get(name) as string;
    };
    const [a, b] = await Promise.all([
      createWebPushChannel(config(), { keys }),
      createWebPushChannel(config(), { keys }),
    ]);
    assert.ok(a.publicKey);
    assert.equal(b.publicKey, a.publicKey);
    assert.equal(JSON.parse(store.get('vapid-keys.json') as string).publicKey, a.publicKey);
    const alone = await createWebPushChannel(config());
    assert.notEqual(alone.publicKey, a.publicKey, 'without a store a pair is made for this process');
    await Promise.all([a.close(), b.close(), alone.close()]);
  });
  test('a private key whose leading byte is zero (31 bytes as node prints it) is accepted', async () => {
    let ecdh = createECDH('prime256v1');
    do {
      ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
    } while (ecdh.getPrivateKey().length === 32);
    const channel = await createWebPushChannel(
      config({
        VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
        VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url'),
      }),
    );
    assert.equal(channel.state.enabled, true, String(channel.state.reason));
    await channel.close();
  });
});
