import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A secret for links (unsubscribe, email confirmation, Telegram /start): 32 random bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A 6-digit code for WhatsApp, leading zeros kept. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Equal strings, compared in constant time (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
