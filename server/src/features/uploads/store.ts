import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connect';
import type { ImageBucket } from './bucket';
import type { ProcessedImage } from './image';

export type ImageVariant = 'full' | 'thumb';

/** Where the dashboard fetches an upload (staff only). */
export const imageUrl = (id: string) => `/api/v1/uploads/${id}`;
export const thumbnailUrl = (id: string) => `/api/v1/uploads/${id}/thumb`;

const objectKey = (id: string, variant: ImageVariant) =>
  variant === 'full' ? `uploads/${id}.jpg` : `uploads/${id}.thumb.jpg`;
/** The bucket objects the database refers to (uploads whose bytes are not in it): what a backup must name. */
export async function uploadObjectKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('uploads').select('id').where('full_image', 'is', null).orderBy('id').execute();
  return rows.flatMap((r) => [objectKey(r.id, 'full'), objectKey(r.id, 'thumb')]);
}

const COLUMN = { full: 'full_image', thumb: 'thumb_image' } as const;

/**
 * Uploaded images, where every server instance finds them: in the database (a re-encoded JPEG of at
 * most 2000 px is a few hundred kB), or in an S3-compatible bucket when S3_URL is set. The uploads row
 * (size, who, when) is always in the database.
 */
export interface ImageStore {
  /** Call inside the transaction that links the upload to its notice or event. */
  save(db: Db, image: ProcessedImage, createdBy: string | null): Promise<string>;
  /** The JPEG bytes, or undefined when there is no such upload (or its bytes are not stored yet). */
  read(db: Db, id: string, variant: ImageVariant): Promise<Buffer | undefined>;
  remove(db: Db, id: string): Promise<void>;
  /** Stores the bytes of an existing upload row that has none (files of an earlier version). */
  fill(db: Db, id: string, full: Buffer, thumb: Buffer): Promise<void>;
  bucket: ImageBucket | undefined;
}

export function imageStore(bucket?: ImageBucket): ImageStore {
  const fill = async (db: Db, id: string, full: Buffer, thumb: Buffer) => {
    if (bucket) {
      await bucket.put(objectKey(id, 'full'), full);
      await bucket.put(objectKey(id, 'thumb'), thumb);
      return;
    }
    await db.updateTable('uploads').set({ full_image: full, thumb_image: thumb }).where('id', '=', id).execute();
  };
  return {
    bucket,
    fill,
    async save(db, image, createdBy) {
      const id = randomUUID();
      // In a bucket the objects come first: a rollback leaves an orphan object, never a row without bytes.
      if (bucket) await fill(db, id, image.full, image.thumb);
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
          full_image: bucket ? null : image.full,
          thumb_image: bucket ? null : image.thumb,
        })
        .execute();
      return id;
    },
    async read(db, id, variant) {
      const column = COLUMN[variant];
      const row = await db.selectFrom('uploads').select(column).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return row[column] ?? (await bucket?.get(objectKey(id, variant)));
    },
    async remove(db, id) {
      await db.deleteFrom('uploads').where('id', '=', id).execute();
      await bucket?.remove([objectKey(id, 'full'), objectKey(id, 'thumb')]);
    },
  };
}
