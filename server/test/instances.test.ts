import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { Redis } from 'ioredis';
import { s3Bucket } from '../src/features/uploads/bucket';
import { processImage } from '../src/features/uploads/image';
import { imageStore } from '../src/features/uploads/store';
import { S3_KEY, type S3Peer, startS3Peer } from './peers/s3';
import { engines } from './support/databases';
import { images } from './support/images';
import { startInstances, type TestInstances } from './support/instances';
import { type CookieJar, signIn } from './support/sign-in';

/** Sign-up calls a minute per IP (docs/product/delivery.md, "Sign-up"). */
const SIGNUP_CALLS_A_MINUTE = 10;

/** Redis for the shared rate-limit test: this machine's, database 5 (skipped when none answers). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** POSTs to one limited sign-up route from one client address, turn by turn to each instance. */
async function limitedCalls(urls: string[], calls: number, clientIp: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < calls; i++) {
    const res = await fetch(`${urls[i % urls.length]}${SIGNUP_API.webpushRemove}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
      body: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/none' }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

const tally = (statuses: number[]) => ({
  accepted: statuses.filter((s) => s === 200).length,
  refused: statuses.filter((s) => s === 429).length,
});

for (const engine of engines()) {
  describe(`three instances on one database behave as one (${engine})`, () => {
    let three: TestInstances;
    let jar: CookieJar;
    before(async () => {
      three = await startInstances(engine, 3);
      ({ jar } = await signIn(three.urls[0], { email: 'root@example.sg' }));
    });
    after(async () => three?.stop());

    test('a session made through one instance is accepted by the others', async () => {
      for (const url of three.urls) {
        const res = await fetch(`${url}/api/protected`, { headers: { cookie: jar.header() } });
        assert.equal(res.status, 200, `${url} accepts the cookie`);
      }
    });

    test('an image stored through one instance is served, byte for byte, by every other', async () => {
      const image = await processImage(await images.jpeg(640, 480));
      const id = await imageStore().save(three.apps[0].db, image, null);
      for (const url of three.urls.slice(1)) {
        const res = await fetch(`${url}/api/v1/uploads/${id}`, { headers: { cookie: jar.header() } });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'image/jpeg');
        assert.equal(res.headers.get('cache-control'), 'private, max-age=31536000, immutable');
        assert.ok(Buffer.from(await res.arrayBuffer()).equals(image.full));
        const etag = res.headers.get('etag') as string;
        assert.match(etag, /^".+"$/);
        const again = await fetch(`${url}/api/v1/uploads/${id}`, {
          headers: { cookie: jar.header(), 'if-none-match': etag },
        });
        assert.equal(again.status, 304, 'the browser keeps its copy');
        const thumb = await fetch(`${url}/api/v1/uploads/${id}/thumb`, { headers: { cookie: jar.header() } });
        assert.ok(Buffer.from(await thumb.arrayBuffer()).equals(image.thumb));
      }
    });

    test('every instance offers the same VAPID public key', async () => {
      const keys = await Promise.all(
        three.urls.map(async (url) => {
          const body = (await (await fetch(`${url}${SIGNUP_API.options}`)).json()) as {
            webpush: { publicKey: string };
          };
          return body.webpush.publicKey;
        }),
      );
      assert.ok(keys[0]);
      assert.deepEqual(keys, [keys[0], keys[0], keys[0]]);
    });

    test(`the sign-up rate limit (${SIGNUP_CALLS_A_MINUTE} a minute) holds across instances (database store)`, async () => {
      const statuses = await limitedCalls(three.urls, SIGNUP_CALLS_A_MINUTE + 5, '203.0.113.7');
      assert.deepEqual(tally(statuses), { accepted: SIGNUP_CALLS_A_MINUTE, refused: 5 }, statuses.join(' '));
      assert.equal(tally(await limitedCalls(three.urls, 1, '203.0.113.8')).accepted, 1, 'another address is not held');
    });
  });

  describe(`the sign-up rate limit in Redis (${engine})`, () => {
    let two: TestInstances | undefined;
    after(async () => two?.stop());

    test('holds across instances', async (t) => {
      if (!(await redisAnswers())) return t.skip(`no Redis at ${REDIS_URL}`);
      two = await startInstances(engine, 2, { REDIS_URL });
      const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const statuses = await limitedCalls(two.urls, SIGNUP_CALLS_A_MINUTE + 4, address);
      assert.deepEqual(tally(statuses), { accepted: SIGNUP_CALLS_A_MINUTE, refused: 4 }, statuses.join(' '));
      const rows = await two.apps[0].db.selectFrom('rate_limits').selectAll().execute();
      assert.equal(rows.length, 0, 'with Redis the database keeps no counters');
    });
  });
}

describe('images in an S3-compatible bucket (S3_URL)', () => {
  let s3: S3Peer;
  let two: TestInstances;
  before(async () => {
    s3 = await startS3Peer();
    two = await startInstances('sqlite', 2, { S3_URL: s3.url });
  });
  after(async () => {
    await two?.stop();
    await s3?.close();
  });

  test('an image stored by one instance is in the bucket, not the database, and every instance serves it', async () => {
    const { jar } = await signIn(two.urls[0], { email: 'root@example.sg' });
    const store = imageStore(s3Bucket(s3.url, 'us-east-1'));
    const image = await processImage(await images.jpeg(400, 300));
    const id = await store.save(two.apps[0].db, image, null);
    const row = await two.apps[1].db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.full_image, null);
    assert.ok(readFileSync(join(s3.directory, s3.bucket, `uploads/${id}.jpg._S3rver_object`)).equals(image.full));
    for (const url of two.urls) {
      const res = await fetch(`${url}/api/v1/uploads/${id}/thumb`, { headers: { cookie: jar.header() } });
      assert.equal(res.status, 200);
      assert.ok(Buffer.from(await res.arrayBuffer()).equals(image.thumb));
    }
    await store.remove(two.apps[1].db, id);
    assert.equal(
      (await fetch(`${two.urls[0]}/api/v1/uploads/${id}`, { headers: { cookie: jar.header() } })).status,
      404,
    );
    assert.ok(
      !existsSync(join(s3.directory, s3.bucket, `uploads/${id}.jpg._S3rver_object`)),
      'the objects are deleted',
    );
    store.bucket?.close();
  });

  // The peer recomputes each request's SigV4 signature, as S3 does (peers/s3-signature.ts).
  test('the bucket is reached with the credentials of S3_URL: a wrong secret or an unknown key is refused', async () => {
    const wrongSecret = s3Bucket(s3.url.replace(`:${S3_KEY.secretAccessKey}@`, ':not-the-secret@'), 'us-east-1');
    await assert.rejects(wrongSecret.put('uploads/x.jpg', Buffer.from('x')), { name: 'SignatureDoesNotMatch' });
    wrongSecret.close();
    const unknownKey = s3Bucket(s3.url.replace(`${S3_KEY.accessKeyId}:`, 'SOMEONE:'), 'us-east-1');
    await assert.rejects(unknownKey.put('uploads/x.jpg', Buffer.from('x')), { name: 'InvalidAccessKeyId' });
    unknownKey.close();
  });
});
