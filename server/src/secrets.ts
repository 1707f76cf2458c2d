import { randomBytes } from 'node:crypto';
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
