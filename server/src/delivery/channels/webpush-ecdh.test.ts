import assert from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import { describe, test } from 'node:test';
import { ephemeralEcdh } from './webpush-ecdh';

describe('P-256 ECDH for web push (node:crypto)', () => {
  test('the subscriber derives the same secret from our public key, and every call has a new key', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const subscriber = createECDH('prime256v1');
      const p256dh = subscriber.generateKeys();
      const { asPublic, sharedSecret } = ephemeralEcdh(p256dh);
      assert.equal(asPublic.length, 65);
      assert.equal(asPublic[0], 4);
      assert.equal(sharedSecret.length, 32);
      assert.deepEqual(subscriber.computeSecret(asPublic), sharedSecret);
      seen.add(asPublic.toString('hex'));
    }
    assert.equal(seen.size, 200);
  });

  test('a key that is not a point on P-256 throws', () => {
    const point = createECDH('prime256v1').generateKeys();
    const offCurve = Buffer.from(point);
    offCurve[64] ^= 1;
    const compressedPrefix = Buffer.from(point);
    compressedPrefix[0] = 2;
    for (const bad of [offCurve, compressedPrefix, Buffer.alloc(65, 4), Buffer.alloc(65), point.subarray(0, 64)]) {
      assert.throws(() => ephemeralEcdh(bad), Error, bad.toString('hex'));
    }
  });
});
