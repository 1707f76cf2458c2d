import { createECDH } from 'node:crypto';

/** An uncompressed P-256 point: 0x04, x, y. */
export const POINT_LENGTH = 65;

/** Our fresh public key (uncompressed, 65 bytes) and the ECDH shared secret (32 bytes) with the subscriber's key. */
export interface EphemeralEcdh {
  asPublic: Buffer;
  sharedSecret: Buffer;
}

/**
 * RFC 8291's ECDH on node:crypto: a new key pair for every message, and the secret with the
 * subscriber's key. Throws when p256dh is not a point on P-256 (sign-up refuses such keys).
 */
export function ephemeralEcdh(p256dh: Buffer): EphemeralEcdh {
  const ecdh = createECDH('prime256v1');
  const asPublic = ecdh.generateKeys();
  return { asPublic, sharedSecret: ecdh.computeSecret(p256dh) };
}
