import { createHash, createHmac, type Hash, type Hmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** The SHA-256 (and its HMAC) the signer is built with, from node:crypto. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/**
 * S3's error document (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html): XML with
 * the code and message S3 gives for each refusal.
 */
function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  const id = randomBytes(8).toString('hex').toUpperCase();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${id}</RequestId><HostId>${id}</HostId></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': id });
  res.end(xml);
}

/** The refusal S3 gives this request, or null when its SigV4 signature is the one its secret key makes. */
async function refusal(
  req: IncomingMessage,
  body: Buffer,
  secrets: ReadonlyMap<string, string>,
): Promise<{ status: number; code: string; message: string } | null> {
  const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!match) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const [, accessKeyId, , region, service, signedHeaderList, signature] = match;
  const secretAccessKey = secrets.get(accessKeyId);
  if (secretAccessKey === undefined) {
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  }
  const declaredHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (/^[0-9a-f]{64}$/.test(declaredHash) && createHash('sha256').update(body).digest('hex') !== declaredHash) {
    return {
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  }
  const amzDate = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(req.headers['x-amz-date'] ?? ''));
  if (!amzDate)
    return {
      status: 403,
      code: 'AccessDenied',
      message: 'AWS authentication requires a valid Date or x-amz-date header',
    };
  const [, y, mo, d, h, mi, s] = amzDate;
  const signedNames = signedHeaderList.split(';');
  const headers: Record<string, string> = {};
  for (const name of signedNames) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const url = new URL(req.url ?? '/', 'http://s3');
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  // The SDK's own signer, set as the S3 client sets it (S3 paths are signed as sent, not escaped again).
  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey },
    region,
    service,
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await signer.sign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      path: (req.url ?? '/').split('?')[0] ?? '/',
      query,
      headers,
    },
    {
      signingDate: new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s)),
      signableHeaders: new Set(signedNames),
    },
  );
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization))?.[1];
  if (expected === signature) return null;
  return {
    status: 403,
    code: 'SignatureDoesNotMatch',
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  };
}

export interface GateOptions {
  /**
   * The bucket readable by anyone, as a bucket policy granting s3:GetObject to "*" makes it
   * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/example-bucket-policies.html): an unsigned GET or
   * HEAD of an object, and a CORS preflight (OPTIONS, which browsers never sign), go through; an unsigned
   * PUT, DELETE or listing is still refused.
   */
  publicRead?: boolean;
  /** A signed request refused anyway with 403 AccessDenied, as a key without that permission is (a test's failure). */
  refuse?: (req: IncomingMessage) => boolean;
  /** The port to listen on (127.0.0.1); any free one when unset. */
  port?: number;
  /** A signed request held before it reaches the bucket until the promise returned settles (a test's stall). */
  hold?: (req: IncomingMessage) => Promise<void> | undefined;
  /** Told of each unsigned read once it is answered: its path, status and the bytes of its body on the wire. */
  read?: (answer: { path: string; status: number; bytes: number }) => void;
}

const ACCESS_DENIED = { status: 403, code: 'AccessDenied', message: 'Access Denied' };

/** An unsigned request the public-read policy lets through: a preflight, or a GET or HEAD of one object. */
function readByAnyone(req: IncomingMessage): boolean {
  const url = new URL(req.url ?? '/', 'http://s3');
  const signed = req.headers.authorization !== undefined || url.searchParams.has('X-Amz-Signature');
  if (signed) return false;
  if (req.method === 'OPTIONS') return true;
  const [, bucket, ...key] = url.pathname.split('/');
  return (req.method === 'GET' || req.method === 'HEAD') && !!bucket && key.join('/') !== '' && url.search === '';
}

/**
 * An HTTP front for a local S3-compatible server that checks each request's AWS Signature Version 4 as
 * S3 does (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html): the
 * signature is recomputed with the AWS SDK's signer from the request's method, path, query, signed
 * headers and x-amz-content-sha256 and the secret of its access key. An unknown key is 403
 * InvalidAccessKeyId, another signature 403 SignatureDoesNotMatch; a signed request goes on to `target`.
 */
export async function startSigV4Gate(
  target: string,
  secrets: ReadonlyMap<string, string>,
  options: GateOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const refused =
        options.publicRead && readByAnyone(req)
          ? null
          : ((await refusal(req, body, secrets)) ?? (options.refuse?.(req) ? ACCESS_DENIED : null));
      if (refused) {
        s3Error(res, refused.status, refused.code, refused.message);
        return;
      }
      await options.hold?.(req);
      const unsigned = options.publicRead && readByAnyone(req) && req.method === 'GET';
      const forwarded = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          answer.on('end', () => {
            if (unsigned)
              options.read?.({ path: (req.url ?? '/').split('?')[0] ?? '/', status: answer.statusCode ?? 502, bytes });
          });
          answer.pipe(res);
        },
      );
      forwarded.on('error', (error) => s3Error(res, 500, 'InternalError', String(error)));
      forwarded.end(body);
    } catch (error) {
      s3Error(res, 500, 'InternalError', String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
