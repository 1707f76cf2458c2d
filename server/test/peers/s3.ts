import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3Peer {
  /** S3_URL for the server: path-style, with the peer's only key pair (S3RVER / S3RVER). */
  url: string;
  /** Where the peer keeps its objects: <directory>/<bucket>/<key>._S3rver_object */
  directory: string;
  bucket: string;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on 127.0.0.1; it checks each request's access key (not its SigV4 signature). */
export async function startS3Peer(bucket = 'ummahnotify-images'): Promise<S3Peer> {
  const directory = mkdtempSync(join(tmpdir(), 'un-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    allowMismatchedSignatures: false,
  });
  const { port } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    directory,
    bucket,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
