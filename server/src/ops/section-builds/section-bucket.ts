import {
  type CORSRule,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type S3Location, s3Location } from '../../s3-url';
import { keyIn } from './layout';

/** An object's headers as the bucket serves them. */
export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  contentEncoding?: string;
}

/** A section's bucket (REMOTE_<NAME>_BUCKET), keys taken relative to its prefix: `files/…`, `builds/…`, `current.json`. */
export interface SectionBucket {
  /** Where a browser reads the prefix, ending in '/'. */
  publicBase: string;
  has(key: string): Promise<boolean>;
  put(key: string, body: Buffer, headers: ObjectHeaders): Promise<void>;
  /** An object's text, or undefined if there is none. */
  read(key: string): Promise<string | undefined>;
  /** The objects under a folder of the prefix (`files/`): their keys, relative to the prefix, and when each was written. */
  list(folder: string): Promise<{ key: string; modified: Date }[]>;
  remove(keys: string[]): Promise<void>;
  /** Sets the bucket's CORS rules; false when the key may not (AccessDenied). */
  setCors(rules: CORSRule[]): Promise<boolean>;
  close(): void;
}

const status = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** At most this many keys per DeleteObjects request (S3's limit). */
const DELETE_BATCH = 1000;

export function sectionBucket(bucketUrl: string, region: string): SectionBucket {
  const { client, bucket: Bucket, prefix, publicBase }: S3Location = s3Location(bucketUrl, region);
  const Key = (key: string) => keyIn(prefix, key);
  return {
    publicBase,
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (error) {
        if (status(error) === 404) return false;
        throw error;
      }
    },
    async put(key, body, headers) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: body,
          ContentType: headers.contentType,
          CacheControl: headers.cacheControl,
          ...(headers.contentEncoding ? { ContentEncoding: headers.contentEncoding } : {}),
        }),
      );
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return answer.Body ? await answer.Body.transformToString('utf8') : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async list(folder) {
      const keys: { key: string; modified: Date }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: Key(folder), ContinuationToken }));
        for (const { Key: key, LastModified } of page.Contents ?? [])
          if (key) keys.push({ key: key.slice(prefix.length), modified: LastModified ?? new Date(0) });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async remove(keys) {
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((key) => ({ Key: Key(key) })), Quiet: true },
          }),
        );
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
      }
    },
    async setCors(rules) {
      try {
        await client.send(new PutBucketCorsCommand({ Bucket, CORSConfiguration: { CORSRules: rules } }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'AccessDenied') return false;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
