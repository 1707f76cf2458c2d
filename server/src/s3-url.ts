import { S3Client } from '@aws-sdk/client-s3';

/** A bucket, and a folder in it, as an S3 URL names them (S3_URL, REMOTE_<NAME>_BUCKET). */
export interface S3Location {
  client: S3Client;
  bucket: string;
  /** The folder under the bucket, '' or ending in '/': `events/` of `s3://bucket/events/`. */
  prefix: string;
  /** Where a browser reads the prefix's objects, without credentials, ending in '/'. */
  publicBase: string;
}

/**
 * The one reading of an S3 URL: `s3://<bucket>[/<prefix>/]` is Amazon S3 itself (in `region`, config's AWS_REGION;
 * credentials from the usual AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, read by the SDK);
 * `https://<key>:<secret>@<host>/<bucket>[/<prefix>/]` is any S3-compatible service (MinIO, R2, ...), addressed
 * path-style, credentials in the URL or in those same variables.
 */
export function s3Location(s3Url: string, region: string): S3Location {
  const url = new URL(s3Url);
  const onAws = url.protocol === 's3:';
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  const bucket = onAws ? url.hostname : (segments.shift() ?? '');
  if (!bucket) throw new Error(`${url.protocol}// URL names no bucket`);
  const prefix = segments.map((segment) => `${segment}/`).join('');
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
  const escapedPrefix = prefix
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const publicBase = onAws
    ? `https://${bucket}.s3.${region}.amazonaws.com/${escapedPrefix}`
    : `${url.origin}/${encodeURIComponent(bucket)}/${escapedPrefix}`;
  return { client, bucket, prefix, publicBase };
}
