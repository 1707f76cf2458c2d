import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** Where image bytes go instead of the database when S3_URL is set. */
export interface ImageBucket {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(keys: string[]): Promise<void>;
  close(): void;
}

/**
 * An S3-compatible bucket from S3_URL: `s3://<bucket>` is Amazon S3 itself (in `region`, config's AWS_REGION;
 * credentials from the usual AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, read by the SDK); `https://<key>:<secret>@<host>/<bucket>`
 * is any S3-compatible service (MinIO, R2, ...), addressed path-style, credentials in the URL or in
 * those same variables.
 */
export function s3Bucket(s3Url: string, region: string): ImageBucket {
  const url = new URL(s3Url);
  const onAws = url.protocol === 's3:';
  const bucket = onAws ? url.hostname : decodeURIComponent(url.pathname.replace(/^\/|\/$/g, ''));
  const client = new S3Client({
    region,
    ...(onAws ? {} : { endpoint: url.origin, forcePathStyle: true }),
    ...(url.username
      ? {
          credentials: {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          },
        }
      : {}),
  });
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'image/jpeg' }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async remove(keys) {
      await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
    },
    close: () => client.destroy(),
  };
}
