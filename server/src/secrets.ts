import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A secret kept in DATA_DIR: made on first start (mode 0600), read back on every later one. */
export async function loadOrCreateSecret(
  dataDir: string,
  name: string,
  make = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  const file = join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = make();
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error; // another instance made it first: use theirs
  });
  return (await readFile(file, 'utf8')).trim();
}

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
