import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import { engines } from './support/databases';
import { images } from './support/images';
import { startTestServer, type TestServer } from './support/server';
import type { CookieJar } from './support/sign-in';
import { insertMasjid, staffJar } from './support/staff';

for (const engine of engines()) {
  describe(`photos of private notices are never cached (${engine})`, () => {
    let server: TestServer;
    let admin: CookieJar;
    let provider: string;
    before(async () => {
      server = await startTestServer(engine);
      admin = await staffJar(server, 'admin@uploads.example.sg', 'admin');
      provider = await insertMasjid(server.app.db);
    });
    after(async () => server.stop());

    const noticeWithPhoto = async (isPrivacy: boolean) => {
      const form = new FormData();
      // the same notice twice (private, then public): past the duplicate warning
      const fields = {
        provider,
        name: 'Test Name',
        age: '70',
        postal: '198833',
        dueDate: '2030-05-01T14:30:00+08:00',
        confirmDuplicate: 'true',
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('isPrivacy', String(isPrivacy));
      form.append('image', new Blob([new Uint8Array(await images.jpeg())], { type: 'image/jpeg' }), 'p.jpg');
      const res = await fetch(`${server.url}${JANAZA_PATHS.notices}`, {
        method: 'POST',
        headers: { cookie: admin.header(), origin: server.url },
        body: form,
      });
      assert.equal(res.status, 201);
      return ((await res.json()) as { data: { imageUrl: string; thumbnailUrl: string } }).data;
    };
    const cacheControl = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie: admin.header() } });
      await res.arrayBuffer();
      assert.equal(res.status, 200);
      return res.headers.get('cache-control');
    };

    test('a private notice: Cache-Control no-store on the photo and its thumbnail', async () => {
      const notice = await noticeWithPhoto(true);
      assert.equal(await cacheControl(notice.imageUrl), 'no-store');
      assert.equal(await cacheControl(notice.thumbnailUrl), 'no-store');
    });

    test('a public notice keeps its private, long-lived cache', async () => {
      const notice = await noticeWithPhoto(false);
      assert.equal(await cacheControl(notice.imageUrl), 'private, max-age=31536000, immutable');
    });
  });
}
