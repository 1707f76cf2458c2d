import { createECDH, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import type { Config } from '../../config';
import type { SharedKey } from '../../secrets';
import type { OffReason } from './types';

/** A VAPID key pair (RFC 8292): the public key as browsers take it, the private key ready to sign. */
export interface VapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes) */
  publicKey: string;
  privateKey: KeyObject;
}

/**
 * The shared key's name, also the file in DATA_DIR where earlier versions kept the pair: the pair in use, the one the
 * browsers' subscriptions were made for (a configured pair is kept there too, vapid-rotation.ts).
 */
export const VAPID_KEYS_NAME = 'vapid-keys.json';

/**
 * A P-256 private key is a 32-byte number; node's getPrivateKey() drops leading zero bytes (about
 * one key in 256), and other tools may too. Left-pad, so such a key is not refused.
 */
function fixedLength(key: Buffer): Buffer {
  return key.length > 0 && key.length < 32 ? Buffer.concat([Buffer.alloc(32 - key.length), key]) : key;
}

function keyPair(publicKey: string, privateKey: string): VapidKeys {
  const pub = Buffer.from(publicKey, 'base64url');
  const priv = fixedLength(Buffer.from(privateKey, 'base64url'));
  if (pub.length !== 65 || pub[0] !== 4) {
    throw new Error('VAPID_PUBLIC_KEY is not a base64url uncompressed P-256 public key (65 bytes)');
  }
  if (priv.length !== 32) throw new Error('VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes)');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(priv);
  if (!ecdh.getPublicKey().equals(pub)) throw new Error('VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: pub.subarray(1, 33).toString('base64url'),
    y: pub.subarray(33).toString('base64url'),
    d: priv.toString('base64url'),
  };
  return { publicKey: pub.toString('base64url'), privateKey: createPrivateKey({ key: jwk, format: 'jwk' }) };
}

function generatedPair(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: fixedLength(ecdh.getPrivateKey()).toString('base64url'),
  });
}

/** The configured pair as the shared key keeps it, when both are set and make a valid pair; else undefined. */
export function configuredVapidPair(config: Config): { publicKey: string; json: string } | undefined {
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv } = config.channels;
  if (!pub || !priv) return undefined;
  try {
    const pair = keyPair(pub, priv);
    const privateKey = fixedLength(Buffer.from(priv, 'base64url')).toString('base64url');
    return { publicKey: pair.publicKey, json: JSON.stringify({ publicKey: pair.publicKey, privateKey }) };
  } catch {
    return undefined;
  }
}

/**
 * The configured pair (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY), or the one generated once and shared by
 * every instance through `shared` (the database), so that no instance signs with a key the browsers'
 * subscriptions were not made for. Without `shared` (tools, tests) a pair is made for this process.
 * Returns a reason instead when the configuration is half there or wrong.
 */
export async function loadVapidKeys(config: Config, shared?: SharedKey): Promise<VapidKeys | { off: OffReason }> {
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv } = config.channels;
  if (pub && !priv)
    return { off: { key: 'reason.setWithout', params: { a: 'VAPID_PUBLIC_KEY', b: 'VAPID_PRIVATE_KEY' } } };
  if (priv && !pub)
    return { off: { key: 'reason.setWithout', params: { a: 'VAPID_PRIVATE_KEY', b: 'VAPID_PUBLIC_KEY' } } };
  try {
    if (pub && priv) return keyPair(pub, priv);
    const stored = shared ? await shared(VAPID_KEYS_NAME, generatedPair) : generatedPair();
    const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
    return keyPair(publicKey, privateKey);
  } catch (error) {
    return { off: { key: 'reason.keys', params: { detail: error instanceof Error ? error.message : String(error) } } };
  }
}

/** VAPID_SUBJECT (required outside demo mode; a role address in demo mode, see config.ts). */
export function vapidSubject(config: Config): string {
  return config.vapidSubject;
}

/** A token lives 12 h (RFC 8292 allows 24 h) and is signed again once half of that has passed. */
const TOKEN_LIFETIME_S = 12 * 3600;
const TOKEN_REUSE_MS = 6 * 3600 * 1000;

/**
 * The Authorization header per push service origin: one signed JWT per origin, reused for hours,
 * instead of one signature per message.
 */
export function vapidAuthorizations(keys: VapidKeys, subject: string, now: () => number = Date.now) {
  const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url');
  const cache = new Map<string, { value: string; signedAt: number }>();
  return (origin: string): string => {
    const cached = cache.get(origin);
    const at = now();
    if (cached && at - cached.signedAt < TOKEN_REUSE_MS) return cached.value;
    const claims = { aud: origin, exp: Math.floor(at / 1000) + TOKEN_LIFETIME_S, sub: subject };
    const unsigned = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    const signature = sign('sha256', Buffer.from(unsigned), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
    const value = `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
    cache.set(origin, { value, signedAt: at });
    return value;
  };
}
