import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connect';
import type { ProcessedImage } from './image';

export type ImageVariant = 'full' | 'thumb';

/** Where the dashboard fetches an upload (staff only). */
export const imageUrl = (id: string) => `/api/v1/uploads/${id}`;
export const thumbnailUrl = (id: string) => `/api/v1/uploads/${id}/thumb`;

/**
 * Keeps the image and its thumbnail in the database, so every server instance can serve what another
 * one received (they are re-encoded JPEGs of at most 2000 px, a few hundred kB). Call inside the
 * transaction that links the upload to its notice or event: a rollback leaves nothing behind.
 */
export async function saveImage(db: Db, image: ProcessedImage, createdBy: string | null): Promise<string> {
  const id = randomUUID();
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
      full_image: image.full,
      thumb_image: image.thumb,
    })
    .execute();
  return id;
}

/** The JPEG bytes of an upload, or undefined when there is no such upload (or its bytes are not here). */
export async function readImage(db: Db, id: string, variant: ImageVariant): Promise<Buffer | undefined> {
  const column = variant === 'full' ? 'full_image' : 'thumb_image';
  const row = await db.selectFrom('uploads').select(column).where('id', '=', id).executeTakeFirst();
  return row?.[column] ?? undefined;
}

export async function deleteImage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}
