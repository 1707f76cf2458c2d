import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import { S3_KEY, type S3Peer, startS3Peer } from './peers/s3';
import { engines } from './support/databases';
import { images } from './support/images';
import { startTestServer, type TestServer } from './support/server';
import type { CookieJar } from './support/sign-in';
import { insertMasjid, staffJar } from './support/staff';

/**
 * S3_URL with a secret S3 does not accept: the bucket refuses every request (403 SignatureDoesNotMatch),
 * and the server answers a photo upload as docs/product/errors.md says for a fault on its side: 500
 * without details, nothing written.
 */
for (const engine of engines()) {
  describe(`a wrong secret in S3_URL (${engine})`, () => {
    let s3: S3Peer;
    let server: TestServer;
    let admin: CookieJar;
    let provider: string;
    before(async () => {
      s3 = await startS3Peer();
      const wrongSecret = s3.url.replace(`:${S3_KEY.secretAccessKey}@`, ':rotated-secret@');
      assert.notEqual(wrongSecret, s3.url);
      server = await startTestServer(engine, { S3_URL: wrongSecret });
      admin = await staffJar(server, 'admin@s3.example.sg', 'admin');
      provider = await insertMasjid(server.app.db);
    });
    after(async () => {
      await server?.stop();
      await s3?.close();
    });

    test('a notice with a photo answers 500 without details and writes nothing', async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        provider,
        name: 'Photo Refused',
        age: '70',
        postal: '198833',
        dueDate: '2030-05-01T14:30:00+08:00',
      }))
        form.append(k, v);
      form.append('image', new Blob([new Uint8Array(await images.jpeg())], { type: 'image/jpeg' }), 'p.jpg');
      const res = await fetch(`${server.url}${JANAZA_PATHS.notices}`, {
        method: 'POST',
        headers: { cookie: admin.header(), origin: server.url },
        body: form,
      });
      const body = (await res.json()) as { code: number; message: string };
      assert.equal(res.status, 500);
      assert.equal(body.code, 500);
      assert.doesNotMatch(body.message, /signature|S3|access key|403/i, 'no details of the bucket');
      const db = server.app.db;
      assert.equal(
        (await db.selectFrom('janaza_notices').select('id').where('name', '=', 'Photo Refused').execute()).length,
        0,
      );
      assert.equal((await db.selectFrom('uploads').select('id').execute()).length, 0);
      assert.deepEqual(readdirSync(join(s3.directory, s3.bucket)), [], 'no object reached the bucket');
    });
  });
}
