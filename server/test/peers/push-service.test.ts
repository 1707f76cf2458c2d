import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { Agent } from 'node:https';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import webpush from 'web-push';
import { PUSH_SERVICE_CERT, type PushService, startPushService } from './push-service';

/** A VAPID key pair and a way to sign any claims with it: the peer must refuse what is wrong. */
function signer() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const k = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(String(jwk.x), 'base64url'),
    Buffer.from(String(jwk.y), 'base64url'),
  ]).toString('base64url');
  return async (claims: Record<string, unknown>) => {
    const jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(privateKey);
    return `vapid t=${jwt}, k=${k}`;
  };
}

describe('push service peer', () => {
  let peer: PushService;
  before(async () => {
    peer = await startPushService();
  });
  after(() => peer.close());

  const post = (endpoint: string, authorization: string, headers: Record<string, string> = {}) =>
    fetch(endpoint, {
      method: 'POST',
      headers: { authorization, ttl: '60', 'content-encoding': 'aes128gcm', ...headers },
      body: new Uint8Array(120),
    }).then((r) => r.status);
  const now = () => Math.floor(Date.now() / 1000);

  test('checks aud, exp (future, at most 24 h ahead) and sub of the VAPID JWT', async () => {
    const sign = signer();
    const { endpoint } = peer.subscribe();
    const good = { aud: peer.origin, sub: 'mailto:ops@example.sg' };
    assert.equal(await post(endpoint, await sign({ ...good, exp: now() - 10 })), 403, 'expired');
    assert.equal(await post(endpoint, await sign({ ...good, exp: now() + 25 * 3600 })), 403, 'more than 24 h ahead');
    assert.equal(
      await post(endpoint, await sign({ ...good, aud: 'https://fcm.googleapis.com', exp: now() + 60 })),
      403,
    );
    assert.equal(await post(endpoint, await sign({ aud: peer.origin, exp: now() + 60 })), 403, 'no sub');
    // a good token gets past the check and fails only at decryption (the body is zeros)
    assert.equal(await post(endpoint, await sign({ ...good, exp: now() + 23 * 3600 })), 400);
    assert.equal(await post(endpoint, await sign({ ...good, exp: now() + 60 }), { ttl: '' }), 400, 'no TTL');
    assert.equal(await post(endpoint, await sign({ ...good, exp: now() + 60 }), { 'content-encoding': 'aesgcm' }), 415);
    assert.equal(await post(`${peer.origin}/push/nobody`, await sign({ ...good, exp: now() + 60 })), 404);
  });

  test('refuses a Topic longer than 32 characters or outside URL-safe base64 (RFC 8030 §5.4)', async () => {
    const sign = signer();
    const { endpoint } = peer.subscribe();
    const token = await sign({ aud: peer.origin, sub: 'mailto:ops@example.sg', exp: now() + 60 });
    for (const topic of ['janaza.1', 'a'.repeat(33), 'notice=1', 'notice+1']) {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: token, ttl: '60', topic, 'content-encoding': 'aes128gcm' },
        body: new Uint8Array(120),
      });
      assert.deepEqual([res.status, await res.text()], [400, 'invalid Topic'], topic);
    }
  });

  test('holds what an offline browser is sent: for its TTL (RFC 8030 §5.2), one per Topic (§5.4)', async () => {
    let clock = Date.parse('2026-11-28T01:00:00Z');
    const service = await startPushService({ tls: true, clock: () => clock });
    try {
      // web-push, an independent sender, sets TTL and Topic as the RFC names them
      const options = {
        vapidDetails: { subject: 'mailto:ops@example.sg', ...webpush.generateVAPIDKeys() },
        agent: new Agent({ ca: PUSH_SERVICE_CERT }),
      };
      const send = (sub: webpush.PushSubscription, n: number, extra: webpush.RequestOptions) =>
        webpush.sendNotification(sub, JSON.stringify({ n }), { ...options, ...extra });
      const phone = service.subscribe();
      const other = service.subscribe();
      service.goOffline(phone.endpoint);
      service.goOffline(other.endpoint);
      await send(phone, 1, { TTL: 600, topic: 'notice1' });
      await send(phone, 2, { TTL: 600, topic: 'notice1' });
      await send(phone, 3, { TTL: 60 });
      await send(phone, 4, { TTL: 600, topic: 'notice2' });
      await send(other, 5, { TTL: 600, topic: 'notice1' });
      clock += 120_000;
      assert.deepEqual(
        service.comeOnline(phone.endpoint).map((m) => m.payload),
        [{ n: 2 }, { n: 4 }],
        'the first replaced by the second of its topic, the third past its 60 s',
      );
      clock += 480_000;
      assert.deepEqual(service.comeOnline(other.endpoint), [], 'past its 600 s');
    } finally {
      await service.close();
    }
  });

  test('decrypts one message in decryptEvery, and refuses what does not decrypt', async () => {
    const tls = await startPushService({ tls: true, decryptEvery: 2 });
    try {
      const options = {
        vapidDetails: { subject: 'mailto:ops@example.sg', ...webpush.generateVAPIDKeys() },
        agent: new Agent({ ca: PUSH_SERVICE_CERT }),
      };
      const sub = tls.subscribe();
      for (let n = 1; n <= 4; n++) await webpush.sendNotification(sub, JSON.stringify({ n }), options);
      assert.deepEqual(
        tls.received.map((r) => r.payload),
        [null, { n: 2 }, null, { n: 4 }],
      );
      assert.equal(tls.stats.decrypted, 2);
      // encrypted for another subscription's keys: refused when it is one of those decrypted
      const other = tls.subscribe();
      const wrong = { endpoint: sub.endpoint, keys: other.keys };
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) {
        statuses.push(
          await webpush.sendNotification(wrong, 'x', options).then(
            (r) => r.statusCode,
            (e: { statusCode: number }) => e.statusCode,
          ),
        );
      }
      assert.deepEqual(statuses, [201, 400]);
      assert.equal(tls.stats.decryptFailures, 1);
    } finally {
      await tls.close();
    }
  });
});
