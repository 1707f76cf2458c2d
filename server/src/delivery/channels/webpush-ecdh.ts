import { createECDH } from 'node:crypto';
import { createRequire } from 'node:module';

/** An uncompressed P-256 point: 0x04, x, y. */
export const POINT_LENGTH = 65;
/** The x coordinate of the shared point. */
const SECRET_LENGTH = 32;

/** Our fresh public key (uncompressed, 65 bytes) and the ECDH shared secret (32 bytes) with the subscriber's key. */
export interface EphemeralEcdh {
  asPublic: Buffer;
  sharedSecret: Buffer;
}

/** Throws when p256dh is not a point on P-256. */
export type EcdhFunction = (p256dh: Buffer) => EphemeralEcdh;

export const nodeCryptoEcdh: EcdhFunction = (p256dh) => {
  const ecdh = createECDH('prime256v1');
  const asPublic = ecdh.generateKeys();
  return { asPublic, sharedSecret: ecdh.computeSecret(p256dh) };
};

interface NativeBinding {
  /** 0: done; 1: peerPublic is not on the curve; 2: OpenSSL failed. */
  ecdh(peerPublic: Buffer, out: Buffer): number;
}

/**
 * server/native/p256_ecdh.c, built by the server's install script (node-gyp): the same ECDH with one
 * scalar multiplication per derivation where node:crypto does two or three (about 60 against 140 µs;
 * bench/README.md). Null when it was not built; web push then uses node:crypto.
 */
function loadNative(): EcdhFunction | null {
  let binding: NativeBinding;
  try {
    binding = createRequire(import.meta.url)('../../../native/build/Release/p256_ecdh.node');
  } catch {
    return null;
  }
  return (p256dh) => {
    const out = Buffer.allocUnsafe(POINT_LENGTH + SECRET_LENGTH);
    const result = p256dh.length === POINT_LENGTH ? binding.ecdh(p256dh, out) : 1;
    if (result === 1) throw new Error('the subscription key is not a point on P-256');
    if (result !== 0) throw new Error('P-256 ECDH failed in OpenSSL');
    return { asPublic: out.subarray(0, POINT_LENGTH), sharedSecret: out.subarray(POINT_LENGTH) };
  };
}

export const nativeEcdh = loadNative();

export const ephemeralEcdh: EcdhFunction = nativeEcdh ?? nodeCryptoEcdh;
