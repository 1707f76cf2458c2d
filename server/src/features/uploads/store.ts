import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/connect';
import type { ProcessedImage } from './image';

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');
export const imagePath = (dataDir: string, id: string, variant: 'full' | 'thumb') =>
  join(uploadsDir(dataDir), variant === 'full' ? `${id}.jpg` : `${id}.thumb.jpg`);

/** Where the dashboard fetches an upload (staff only). */
export const imageUrl = (id: string) => `/api/v1/uploads/${id}`;
export const thumbnailUrl = (id: string) => `/api/v1/uploads/${id}/thumb`;

/**
 * Writes the files first and the row second: a crash between them leaves an orphan file, never a row
 * pointing at nothing. Call inside the transaction that links the upload to its notice or event.
 */
export async function saveImage(
  db: Db,
  dataDir: string,
  image: ProcessedImage,
  createdBy: string | null,
): Promise<string> {
  const id = randomUUID();
  await mkdir(uploadsDir(dataDir), { recursive: true });
  await writeFile(imagePath(dataDir, id, 'full'), image.full);
  await writeFile(imagePath(dataDir, id, 'thumb'), image.thumb);
  await db
    .insertInto('uploads')
    .values({
      id,
      content_type: 'image/jpeg',
      bytes: image.full.length,
      width: image.width,
      height: image.height,
      created_by: createdBy,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

export async function deleteImage(db: Db, dataDir: string, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
  await rm(imagePath(dataDir, id, 'full'), { force: true });
  await rm(imagePath(dataDir, id, 'thumb'), { force: true });
}
