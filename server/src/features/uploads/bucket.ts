import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Location } from '../../s3-url';

/** Where image bytes go instead of the database when S3_URL is set. */
export interface ImageBucket {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(keys: string[]): Promise<void>;
  close(): void;
}

/**
 * The bucket of S3_URL (s3-url.ts reads it: `s3://<bucket>` on Amazon S3 in `region`, config's AWS_REGION, or
 * `https://<key>:<secret>@<host>/<bucket>` on any S3-compatible service); a folder after the bucket holds the images.
 */
export function s3Bucket(s3Url: string, region: string): ImageBucket {
  const { client, bucket: Bucket, prefix } = s3Location(s3Url, region);
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: `${prefix}${key}`, Body: bytes, ContentType: 'image/jpeg' }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: `${prefix}${key}` }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async remove(keys) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.map((key) => ({ Key: `${prefix}${key}` })), Quiet: true },
        }),
      );
    },
    close: () => client.destroy(),
  };
}
