import { readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import type { ImageStore } from './store';

/** Where images were kept before they moved into the database. */
export const legacyUploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/**
 * Once, at start-up: images a single-instance deployment kept as files in DATA_DIR/uploads move into
 * the image store, the database or the bucket (only for uploads whose row has no bytes); then the folder is renamed
 * uploads.imported, so later starts skip it and nothing is deleted.
 */
export async function importUploadFiles(
  db: Db,
  images: ImageStore,
  dataDir: string,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  const dir = legacyUploadsDir(dataDir);
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) return;
  const missing = await db.selectFrom('uploads').select('id').where('full_image', 'is', null).execute();
  let imported = 0;
  for (const { id } of missing) {
    const full = await readFile(join(dir, `${id}.jpg`)).catch(() => undefined);
    if (!full) continue;
    const thumb = await readFile(join(dir, `${id}.thumb.jpg`)).catch(() => full);
    await images.fill(db, id, full, thumb);
    imported++;
  }
  const folder = `${dir}.imported-${Date.now()}`;
  await rename(dir, folder);
  log.info({ imported, folder }, 'uploads: images from DATA_DIR/uploads moved into the image store');
}
