import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db/connect';

/**
 * A key every server instance signs with, by name. Kept in the database so that instances with their
 * own disks agree: the first instance to ask makes it (INSERT ... ON CONFLICT DO NOTHING), every
 * instance then reads back the row that won. A deployment from before keeps its key: a file of that
 * name in DATA_DIR is what the first instance offers, instead of a new one.
 */
export type SharedKey = (name: string, make: () => string) => Promise<string>;

export function sharedKeys(db: Db, dataDir: string): SharedKey {
  const stored = async (name: string) =>
    (await db.selectFrom('instance_keys').select('value').where('name', '=', name).executeTakeFirst())?.value;
  return async (name, make) => {
    const existing = await stored(name);
    if (existing !== undefined) return existing;
    const fromFile = await readFile(join(dataDir, name), 'utf8').then(
      (text) => text.trim() || undefined,
      () => undefined,
    );
    await db
      .insertInto('instance_keys')
      .values({ name, value: fromFile ?? make(), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const value = await stored(name);
    if (value === undefined) throw new Error(`the shared key ${name} could not be stored`);
    return value;
  };
}

/**
 * The session secret: SESSION_SECRET, else the shared generated one. It keys the session cookies' signatures only
 * (through purposeKey): changing it signs everyone out and changes nothing else; with the old value in
 * SESSION_SECRET_PREVIOUS nobody is signed out (sessionCookieKeys).
 */
export const sessionSecret = (configured: string | undefined, keys: SharedKey): Promise<string> =>
  configured ? Promise.resolve(configured) : keys('session-secret', () => randomBytes(48).toString('base64url'));

/**
 * The root of the keys of what the server sends out and must recognise later (unsubscribe links, bounce tags):
 * generated once and shared by the instances through the database, never configured, and not the session secret,
 * so that rotating SESSION_SECRET leaves every link in every inbox working.
 */
export const linkSecret = (keys: SharedKey): Promise<string> =>
  keys('link-secret', () => randomBytes(48).toString('base64url'));

/**
 * Every purpose an HMAC key serves, and the label (HKDF's `info`) its key is derived with. One key per purpose: a
 * value made for one (an unsubscribe link's secret) is never valid for another (a cookie's signature). A label is
 * never reused for another purpose, and changing one changes every key of it.
 */
export const KEY_PURPOSES = {
  /** The signature of the session cookie and the pending sign-in's cookie (@fastify/cookie). Root: the session secret. */
  sessionCookies: 'ummahnotify/session-cookies/v1',
  /** An email subscriber's unsubscribe link (delivery/unsubscribe-token.ts). Root: the link secret. */
  unsubscribeLinks: 'ummahnotify/unsubscribe-links/v1',
  /** A mail's VERP bounce tag (delivery/bounce-tag.ts). Root: the link secret. */
  bounceTags: 'ummahnotify/bounce-tags/v1',
} as const;
export type KeyPurpose = keyof typeof KEY_PURPOSES;

/** A key createHmac takes: a derived key (purposeKey) in the server, any text in tests. */
export type HmacKey = string | Buffer;

/** The 32-byte key of one purpose: HKDF-SHA-256 (RFC 5869) of the root secret, with the purpose's label. */
export function purposeKey(root: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', root, 'ummahnotify', KEY_PURPOSES[purpose], 32));
}

/**
 * The keys @fastify/cookie is given (its key rotation): the first signs every cookie, each one verifies. With
 * SESSION_SECRET_PREVIOUS the cookies signed before a rotation are still accepted (and signed again at their next
 * use, auth/routes.ts), so changing SESSION_SECRET signs nobody out.
 */
export function sessionCookieKeys(current: string, previous: string | undefined): Buffer[] {
  const keys = [purposeKey(current, 'sessionCookies')];
  if (previous && previous !== current) keys.push(purposeKey(previous, 'sessionCookies'));
  return keys;
}

/** The key that signs the sign-up's proof-of-work challenges: ALTCHA_HMAC_KEY, else the shared generated one. */
export const altchaHmacKey = (configured: string | undefined, keys: SharedKey): Promise<string> =>
  configured ? Promise.resolve(configured) : keys('altcha-hmac-key', () => randomBytes(48).toString('base64url'));

/** A secret for a cookie or a link (session, unsubscribe, email confirmation, Telegram /start): 32 random bytes. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a secret: a leaked row cannot be replayed. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Equal strings, compared in constant time (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
