import { readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';

/** Where images were kept before they moved into the database. */
export const legacyUploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/**
 * Once, at start-up: images a single-instance deployment kept as files in DATA_DIR/uploads move into
 * the database (only for uploads whose bytes the database lacks); then the folder is renamed
 * uploads.imported, so later starts skip it and nothing is deleted.
 */
export async function importUploadFiles(db: Db, dataDir: string, log: FastifyBaseLogger): Promise<void> {
  const dir = legacyUploadsDir(dataDir);
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) return;
  const missing = await db.selectFrom('uploads').select('id').where('full_image', 'is', null).execute();
  let imported = 0;
  for (const { id } of missing) {
    const full = await readFile(join(dir, `${id}.jpg`)).catch(() => undefined);
    if (!full) continue;
    const thumb = await readFile(join(dir, `${id}.thumb.jpg`)).catch(() => full);
    await db
      .updateTable('uploads')
      .set({ full_image: full, thumb_image: thumb })
      .where('id', '=', id)
      .where('full_image', 'is', null)
      .execute();
    imported++;
  }
  const folder = `${dir}.imported-${Date.now()}`;
  await rename(dir, folder);
  log.info({ imported, folder }, 'uploads: images from DATA_DIR/uploads moved into the database');
}
