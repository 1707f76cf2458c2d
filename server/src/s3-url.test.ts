import assert from 'node:assert/strict';
import { test } from 'node:test';
import { s3Location } from './s3-url';

test('an S3 URL names the bucket, the folder after it, and where a browser reads that folder', async () => {
  const cases = [
    ['s3://sections', 'sections', '', 'https://sections.s3.ap-southeast-1.amazonaws.com/'],
    ['s3://sections/events/', 'sections', 'events/', 'https://sections.s3.ap-southeast-1.amazonaws.com/events/'],
    ['https://KEYID:sekret@s3.example.sg/photos', 'photos', '', 'https://s3.example.sg/photos/'],
    ['https://KEYID:sekret@s3.example.sg/photos/', 'photos', '', 'https://s3.example.sg/photos/'],
    [
      'https://KEYID:sekret@s3.example.sg/sections/lost-found',
      'sections',
      'lost-found/',
      'https://s3.example.sg/sections/lost-found/',
    ],
    ['http://127.0.0.1:9000/b/a/b/', 'b', 'a/b/', 'http://127.0.0.1:9000/b/a/b/'],
  ] as const;
  for (const [url, bucket, prefix, publicBase] of cases) {
    const location = s3Location(url, 'ap-southeast-1');
    assert.deepEqual([location.bucket, location.prefix, location.publicBase], [bucket, prefix, publicBase], url);
    location.client.destroy();
  }
  const { client } = s3Location('https://KEYID:sekret@s3.example.sg/photos', 'us-east-1');
  const { accessKeyId, secretAccessKey } = await client.config.credentials();
  assert.deepEqual({ accessKeyId, secretAccessKey }, { accessKeyId: 'KEYID', secretAccessKey: 'sekret' });
  client.destroy();
  assert.throws(() => s3Location('https://s3.example.sg/', 'us-east-1'), /names no bucket/);
});
