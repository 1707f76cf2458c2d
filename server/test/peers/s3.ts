import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { startSigV4Gate } from './s3-signature';

/** The peer's only key pair (s3rver's own). */
export const S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Peer {
  /** S3_URL for the server: path-style, with the peer's only key pair (S3_KEY). */
  url: string;
  /** Where the peer keeps its objects: <directory>/<bucket>/<key>._S3rver_object */
  directory: string;
  bucket: string;
  /** The bucket's address as a browser reads it, unsigned (with `publicRead`): http://127.0.0.1:<port>/<bucket>/ */
  publicUrl: string;
  /** From now, lets `count` more signed PUTs through and refuses the rest (403 AccessDenied); undefined: none refused. */
  refusePutsAfter(count: number | undefined): void;
  /** From now, lets `count` more signed PUTs through and holds the rest unanswered until releaseHeld(). */
  holdPutsAfter(count: number): void;
  /** How many PUTs are held now. */
  heldPuts(): number;
  /** Lets the held PUTs through (to a client that may be gone, as a server finishes a request whose client died). */
  releaseHeld(): void;
  /** Every unsigned GET the bucket answered (with `publicRead`), in order: what browsers downloaded from it. */
  reads: { path: string; status: number; bytes: number }[];
  close(): Promise<void>;
}

export interface S3PeerOptions {
  /** Objects readable unsigned, as a public-read bucket policy makes them (s3-signature.ts, GateOptions). */
  publicRead?: boolean;
  /** The port its address (`url`, `publicUrl`) has; any free one when unset. */
  port?: number;
}

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 behind a check of each request's SigV4 signature
 * (s3-signature.ts), which s3rver does not recompute: a wrong secret is refused as S3 refuses it.
 */
export async function startS3Peer(bucket = 'ummahnotify-images', options: S3PeerOptions = {}): Promise<S3Peer> {
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
  let putsLeft: number | undefined;
  const reads: S3Peer['reads'] = [];
  let holdAfter: number | undefined;
  const held: (() => void)[] = [];
  const gate = await startSigV4Gate(
    `http://127.0.0.1:${port}`,
    new Map([[S3_KEY.accessKeyId, S3_KEY.secretAccessKey]]),
    {
      publicRead: options.publicRead,
      port: options.port,
      read: (answer) => reads.push(answer),
      hold: (req) => {
        if (req.method !== 'PUT' || holdAfter === undefined) return undefined;
        if (holdAfter > 0) {
          holdAfter -= 1;
          return undefined;
        }
        return new Promise<void>((resolve) => held.push(resolve));
      },
      refuse: (req) => {
        if (req.method !== 'PUT' || putsLeft === undefined) return false;
        if (putsLeft === 0) return true;
        putsLeft -= 1;
        return false;
      },
    },
  );
  const { host } = new URL(gate.url);
  return {
    url: `http://${S3_KEY.accessKeyId}:${S3_KEY.secretAccessKey}@${host}/${bucket}`,
    directory,
    bucket,
    publicUrl: `http://${host}/${bucket}/`,
    reads,
    refusePutsAfter: (count) => {
      putsLeft = count;
    },
    holdPutsAfter: (count) => {
      holdAfter = count;
    },
    heldPuts: () => held.length,
    releaseHeld: () => {
      holdAfter = undefined;
      for (const release of held.splice(0)) release();
    },
    close: async () => {
      for (const release of held.splice(0)) release();
      await gate.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
