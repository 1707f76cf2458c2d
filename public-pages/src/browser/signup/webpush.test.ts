import { createECDH } from 'node:crypto';
import { madeWithKey } from './webpush';

/** A VAPID public key as the server gives it: the uncompressed P-256 point (65 bytes) in base64url. */
function publicKey(): { text: string; bytes: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const bytes = ecdh.getPublicKey();
  return { text: bytes.toString('base64url'), bytes };
}

/** The ArrayBuffer PushSubscription.options.applicationServerKey holds. */
const arrayBufferOf = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('madeWithKey: is a browser subscription made for the server VAPID key in use', () => {
  test('the same key: kept', () => {
    const key = publicKey();
    expect(madeWithKey(arrayBufferOf(key.bytes), key.text)).toBe(true);
  });
  test('the key before a rotation: not kept (the page subscribes again)', () => {
    const before = publicKey();
    const now = publicKey();
    expect(madeWithKey(arrayBufferOf(before.bytes), now.text)).toBe(false);
  });
  test('no key known (an old browser leaves options empty): not kept', () => {
    expect(madeWithKey(null, publicKey().text)).toBe(false);
    expect(madeWithKey(undefined, publicKey().text)).toBe(false);
  });
  test('a key of another length: not kept', () => {
    const key = publicKey();
    expect(madeWithKey(arrayBufferOf(key.bytes.subarray(0, 64)), key.text)).toBe(false);
  });
});
