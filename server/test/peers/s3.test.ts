import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
  type ServiceInputTypes,
  type ServiceOutputTypes,
} from '@aws-sdk/client-s3';
import type { FinalizeHandler, FinalizeHandlerArguments } from '@smithy/types';
import { S3_KEY, type S3Peer, startS3Peer } from './s3';

/**
 * The S3 peer refuses what S3 refuses, checked with the AWS SDK as the client: the codes and statuses
 * are S3's (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html#ErrorCodeList).
 */
describe('S3 peer: every request signed with SigV4 by a key it knows', () => {
  let s3: S3Peer;
  before(async () => {
    s3 = await startS3Peer();
  });
  after(() => s3.close());

  const client = (accessKeyId: string, secretAccessKey: string, systemClockOffset = 0) => {
    const c = new S3Client({
      systemClockOffset,
      region: 'us-east-1',
      endpoint: new URL(s3.url).origin,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
      maxAttempts: 1,
    });
    after(() => c.destroy());
    return c;
  };
  const put = (c: S3Client, key: string) =>
    c.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.from('bytes'), ContentType: 'image/jpeg' }),
    );
  const refusedWith = (status: number, code: string) => (error: S3ServiceException) => {
    assert.deepEqual([error.$metadata.httpStatusCode, error.name], [status, code]);
    return true;
  };

  test('the right key and secret store and read an object', async () => {
    const right = client(S3_KEY.accessKeyId, S3_KEY.secretAccessKey);
    await put(right, 'uploads/a b+c.jpg');
    const read = await right.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/a b+c.jpg' }));
    assert.equal(await read.Body?.transformToString(), 'bytes');
  });

  test('an unsigned read is refused (403), unless the bucket is public-read', async () => {
    await put(client(S3_KEY.accessKeyId, S3_KEY.secretAccessKey), 'uploads/private.jpg');
    assert.equal((await fetch(`${new URL(s3.url).origin}/${s3.bucket}/uploads/private.jpg`)).status, 403);
    const open = await startS3Peer('open', { publicRead: true });
    try {
      const writer = new S3Client({
        region: 'us-east-1',
        endpoint: new URL(open.url).origin,
        forcePathStyle: true,
        credentials: S3_KEY,
      });
      await writer.send(new PutObjectCommand({ Bucket: open.bucket, Key: 'a.txt', Body: Buffer.from('bytes') }));
      writer.destroy();
      const read = await fetch(`${open.publicUrl}a.txt`);
      assert.deepEqual([read.status, await read.text()], [200, 'bytes']);
      assert.equal((await fetch(`${open.publicUrl}a.txt`, { method: 'PUT', body: 'mine' })).status, 403);
      assert.equal((await fetch(`${open.publicUrl}a.txt`, { method: 'DELETE' })).status, 403);
      assert.equal((await fetch(`${open.publicUrl}?list-type=2`)).status, 403);
    } finally {
      await open.close();
    }
  });

  test('the right key with a wrong secret: 403 SignatureDoesNotMatch', async () => {
    await assert.rejects(
      put(client(S3_KEY.accessKeyId, 'not-the-secret'), 'uploads/x.jpg'),
      refusedWith(403, 'SignatureDoesNotMatch'),
    );
  });

  test('a clock 20 minutes off: 403 RequestTimeTooSkewed; 10 minutes off is still inside S3’s 15', async () => {
    // s3rver behind the gate checks the request's time against its own, as S3 does.
    const { accessKeyId, secretAccessKey } = S3_KEY;
    await put(client(accessKeyId, secretAccessKey, 10 * 60 * 1000), 'uploads/ten.jpg');
    await assert.rejects(
      put(client(accessKeyId, secretAccessKey, -20 * 60 * 1000), 'uploads/twenty.jpg'),
      refusedWith(403, 'RequestTimeTooSkewed'),
    );
  });

  test('a key S3 does not know: 403 InvalidAccessKeyId', async () => {
    await assert.rejects(put(client('SOMEONE', 'ELSE'), 'uploads/x.jpg'), refusedWith(403, 'InvalidAccessKeyId'));
  });

  test('a signed request changed after signing (another object key): 403 SignatureDoesNotMatch', async () => {
    const right = client(S3_KEY.accessKeyId, S3_KEY.secretAccessKey);
    right.middlewareStack.addRelativeTo(
      (next: FinalizeHandler<ServiceInputTypes, ServiceOutputTypes>) =>
        async (args: FinalizeHandlerArguments<ServiceInputTypes>) => {
          const request = args.request as { path: string };
          request.path = request.path.replace('mine.jpg', 'theirs.jpg');
          return next(args);
        },
      { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'changeAfterSigning' },
    );
    await assert.rejects(put(right, 'uploads/mine.jpg'), refusedWith(403, 'SignatureDoesNotMatch'));
  });
});
