import { createCipheriv, createHmac, createPublicKey, randomBytes } from 'node:crypto';
import { ephemeralEcdh, POINT_LENGTH } from './webpush-ecdh';

/** RFC 8188 record size we declare; the whole message is one record. */
export const RECORD_SIZE = 4096;
/** salt (16) + rs (4) + idlen (1) + keyid (65) */
const HEADER_LENGTH = 86;
/** The most payload that keeps the whole body within 4096 bytes (RFC 8291 §4): header, tag (16), delimiter (1). */
export const MAX_PAYLOAD = RECORD_SIZE - HEADER_LENGTH - 16 - 1;

const KEY_INFO = Buffer.from('WebPush: info\0', 'latin1');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0\x01', 'latin1');
const ONE = Buffer.from([1]);
const LAST_RECORD = Buffer.from([2]);

const hmac = (key: Buffer, ...data: Buffer[]): Buffer => {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
};

/** The subscription's secret that every message's key derivation mixes in (RFC 8291 §3.2). */
export const AUTH_SECRET_LENGTH = 16;

/** A subscription's keys have the right shape: p256dh an uncompressed point (65 bytes, 0x04 first), auth 16 bytes. */
export function validSubscriptionKeys(p256dh: Buffer, auth: Buffer): boolean {
  return p256dh.length === POINT_LENGTH && p256dh[0] === 4 && auth.length === AUTH_SECRET_LENGTH;
}

/** p256dh is an uncompressed point ON the P-256 curve (OpenSSL checks it when it imports the key). */
export function isP256Point(p256dh: Buffer): boolean {
  if (p256dh.length !== POINT_LENGTH || p256dh[0] !== 4) return false;
  const coordinate = (from: number) => p256dh.subarray(from, from + 32).toString('base64url');
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/**
 * RFC 8291 message encryption (aes128gcm, RFC 8188): a fresh ECDH key pair and salt per message,
 * one record of at most RECORD_SIZE bytes. Throws when the payload is too long or p256dh is not on the curve.
 */
export function encryptPushPayload(payload: Buffer, p256dh: Buffer, auth: Buffer): Buffer {
  if (payload.length > MAX_PAYLOAD) throw new Error(`payload of ${payload.length} bytes is over ${MAX_PAYLOAD}`);
  const { asPublic, sharedSecret } = ephemeralEcdh(p256dh);
  const salt = randomBytes(16);

  // HKDF (RFC 5869) with one-block outputs, written out: extract = HMAC(salt, ikm), expand = HMAC(prk, info || 0x01).
  const prkKey = hmac(auth, sharedSecret);
  const ikm = hmac(prkKey, KEY_INFO, p256dh, asPublic, ONE);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, CEK_INFO).subarray(0, 16);
  const nonce = hmac(prk, NONCE_INFO).subarray(0, 12);

  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const head = cipher.update(payload);
  const tail = cipher.update(LAST_RECORD);
  cipher.final();
  const tag = cipher.getAuthTag();

  const header = Buffer.allocUnsafe(HEADER_LENGTH);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(POINT_LENGTH, 20);
  asPublic.copy(header, 21);
  return Buffer.concat([header, head, tail, tag]);
}
