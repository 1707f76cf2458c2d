import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { JANAZA_PATHS, type JanazaNotice } from '@ummahnotify/domain';
import sharp from 'sharp';
import { engines } from '../../../test/support/databases';
import { images } from '../../../test/support/images';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { type CookieJar, signIn } from '../../../test/support/sign-in';
import { imageStore } from '../uploads/store';

const readImage = imageStore().read;

import { changeStatus, findNotice } from './store';

interface Answer {
  status: number;
  body: Record<string, unknown> & {
    code?: number;
    data?: unknown;
    message?: string;
    errors?: { path: string; message: string }[];
  };
}

const DUE = '2030-05-01T14:30:00+08:00';
const DUE_UTC = '2030-05-01T06:30:00.000Z';

for (const engine of engines()) {
  describe(`janaza notifications API (${engine})`, () => {
    let server: TestServer;
    let admin: CookieJar;
    let editor: CookieJar;
    let nobody: CookieJar;
    let adminId: string;
    const providers = { masjid: randomUUID(), partner: randomUUID(), member: randomUUID() };

    const call = async (method: string, path: string, jar: CookieJar | undefined, body?: unknown): Promise<Answer> => {
      const headers: Record<string, string> = jar ? { cookie: jar.header(), origin: server.url } : {};
      let payload: BodyInit | undefined;
      if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
      const res = await fetch(`${server.url}${path}`, { method, headers, body: payload });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Answer['body'] };
    };
    const form = (fields: Record<string, unknown>, file?: { bytes: Buffer; name: string; type: string }) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, String(v));
      if (file) f.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      return f;
    };
    const valid = (over: Record<string, unknown> = {}) => ({
      provider: providers.masjid,
      name: 'Haji Ismail bin Osman',
      age: 81,
      postal: '198833',
      dueDate: DUE,
      // these tests create the same notice many times: each time past the duplicate warning (duplicates.test.ts)
      confirmDuplicate: true,
      ...over,
    });
    const counts = async () => {
      const db = server.app.db;
      const n = async (t: 'janaza_notices' | 'uploads' | 'audit_log') =>
        Number(
          (
            await db
              .selectFrom(t)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        notices: await n('janaza_notices'),
        uploads: await n('uploads'),
        audit: await n('audit_log'),
      };
    };
    const create = async (over: Record<string, unknown> = {}, jar = admin) => {
      const res = await call('POST', JANAZA_PATHS.notices, jar, valid(over));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data as JanazaNotice;
    };

    before(async () => {
      server = await startTestServer(engine);
      const db = server.app.db;
      const staff = async (email: string, rights: string) => {
        const { jar } = await signIn(server.url, { email });
        await db.updateTable('users').set({ rights }).where('email', '=', email).execute();
        return jar;
      };
      admin = await staff('admin@janaza.example.sg', 'admin');
      editor = await staff('editor@janaza.example.sg', 'editor');
      nobody = await staff('none@janaza.example.sg', 'none');
      adminId = (
        await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'admin@janaza.example.sg')
          .executeTakeFirstOrThrow()
      ).id;
      const now = new Date().toISOString();
      const member = (id: string, position: string, business: string, contact: string, email: string) => ({
        id,
        admin_id: null,
        first_name: 'Test',
        last_name: position,
        date_of_birth: null,
        postal: '123456',
        email,
        contact,
        position,
        is_verified: 1,
        is_partner: position === 'partner' ? 1 : 0,
        is_volunteer: 0,
        business_name: business,
        uen: '',
        membership_status: 'active',
        registered_on: now,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto('members')
        .values([
          member(providers.masjid, 'masjid', 'Masjid Sultan', '62934405', 'sultan@example.sg'),
          member(providers.partner, 'partner', 'Al-Ikhlas Janazah Services', '91234567', 'ikhlas@example.sg'),
          member(providers.member, 'member', '', '98887777', 'plain@example.sg'),
        ])
        .execute();
    });
    after(async () => server.stop());

    test('providers: the masjids and partners only, as {_id, businessName, contact}', async () => {
      const res = await call('GET', JANAZA_PATHS.providers, editor);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {
        code: 200,
        data: [
          { _id: providers.partner, businessName: 'Al-Ikhlas Janazah Services', contact: '91234567' },
          { _id: providers.masjid, businessName: 'Masjid Sultan', contact: '62934405' },
        ],
      });
    });

    test('anonymous callers get 401 and rights none get 403 on every janaza route', async () => {
      const id = randomUUID();
      const routes: [string, string][] = [
        ['GET', JANAZA_PATHS.providers],
        ['GET', JANAZA_PATHS.notices],
        ['POST', JANAZA_PATHS.notices],
        ['PATCH', JANAZA_PATHS.notice(id)],
        ['DELETE', JANAZA_PATHS.notice(id)],
      ];
      const before = await counts();
      for (const [method, path] of routes) {
        const body = method === 'POST' || method === 'PATCH' ? valid() : undefined;
        assert.equal((await call(method, path, undefined, body)).status, 401, `${method} ${path} anonymous`);
        assert.equal((await call(method, path, nobody, body)).status, 403, `${method} ${path} rights none`);
      }
      assert.deepEqual(await counts(), before);
    });

    test('create (JSON): 201, docs/product/data.md fields, provider copied, defaults, creator as userId, audited', async () => {
      const before = await counts();
      const res = await call('POST', JANAZA_PATHS.notices, admin, valid({ note: 'Solat after Zohor' }));
      assert.equal(res.status, 201);
      assert.equal(res.body.code, 201);
      const n = res.body.data as JanazaNotice;
      assert.deepEqual(Object.keys(n).sort(), [
        '_id',
        'address',
        'age',
        'contact',
        'createdAt',
        'dueDate',
        'gender',
        'imageUrl',
        'isPrivacy',
        'name',
        'note',
        'postal',
        'prayer',
        'provider',
        'providerName',
        'status',
        'thumbnailUrl',
        'updatedAt',
        'userId',
        'withdrawnAt',
        'withdrawnReason',
      ]);
      assert.equal(n.provider, providers.masjid);
      assert.equal(n.providerName, 'Masjid Sultan');
      assert.equal(n.contact, '62934405');
      assert.equal(n.age, 81);
      assert.equal(n.gender, 'male');
      assert.equal(n.isPrivacy, false);
      assert.equal(n.status, 'pending');
      assert.equal(n.dueDate, DUE_UTC);
      assert.equal(n.prayer, null, 'an exact time has no prayer');
      assert.equal(n.userId, adminId);
      assert.equal(n.imageUrl, null);
      const now = await counts();
      assert.equal(now.notices, before.notices + 1);
      const entry = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', n._id)
        .executeTakeFirstOrThrow();
      assert.equal(entry.action, 'janaza.created');
      assert.equal(entry.actor_id, adminId);
      assert.equal(JSON.parse(entry.after ?? '{}').name, 'Haji Ismail bin Osman');
    });

    test('create (multipart) with a photo: re-encoded without EXIF, thumbnail made, imageUrl serves it', async () => {
      const photo = await images.jpeg(1200, 900);
      const res = await call(
        'POST',
        JANAZA_PATHS.notices,
        editor,
        form(
          {
            provider: providers.partner,
            name: 'Fatimah binte Yusof',
            age: '64',
            postal: '419493',
            gender: 'female',
            isPrivacy: 'true',
            dueDate: DUE,
          },
          { bytes: photo, name: 'photo.jpg', type: 'image/jpeg' },
        ),
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const n = res.body.data as JanazaNotice;
      assert.equal(n.gender, 'female');
      assert.equal(n.isPrivacy, true);
      assert.equal(n.age, 64);
      assert.equal(n.providerName, 'Al-Ikhlas Janazah Services');
      assert.match(n.imageUrl ?? '', /^\/api\/v1\/uploads\/[0-9a-f-]{36}$/);
      const img = await fetch(`${server.url}${n.imageUrl}`, { headers: { cookie: editor.header() } });
      assert.equal(img.status, 200);
      const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
      assert.equal(meta.format, 'jpeg');
      assert.equal(meta.exif, undefined);
      const thumb = await fetch(`${server.url}${n.thumbnailUrl}`, { headers: { cookie: editor.header() } });
      assert.equal(thumb.status, 200);
      assert.equal((await fetch(`${server.url}${n.imageUrl}`)).status, 401, 'images are staff only');
    });

    test('bad fields get 400 with field errors, and nothing is written', async () => {
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ postal: '12345' }, 'postal', /exactly 6 digits/],
        [{ age: -1 }, 'age', /below 0/],
        [{ age: 'abc' }, 'age', /whole number/],
        [{ status: 'published' }, 'status', /pending, approved, silent or rejected/],
        [{ gender: 'other' }, 'gender', /male or female/],
        [{ dueDate: '' }, 'dueDate', /Choose a prayer and its day, or an exact date and time/],
        [{ dueDate: 'tomorrow' }, 'dueDate', /valid date/],
        [{ name: '   ' }, 'name', /Full Name is required/],
        [{ provider: undefined }, 'provider', /choose a provider/],
      ];
      const before = await counts();
      for (const [over, path, message] of cases) {
        const res = await call('POST', JANAZA_PATHS.notices, admin, valid(over));
        assert.equal(res.status, 400, JSON.stringify(over));
        assert.equal(res.body.code, 400);
        const error = res.body.errors?.find((e) => e.path === path);
        assert.ok(error, `${JSON.stringify(over)} names ${path}: ${JSON.stringify(res.body.errors)}`);
        assert.match(error.message, message);
      }
      const multipart = await call(
        'POST',
        JANAZA_PATHS.notices,
        admin,
        form({ ...valid(), age: '-1', postal: '12345' }),
      );
      assert.equal(multipart.status, 400);
      assert.deepEqual(multipart.body.errors?.map((e) => e.path).sort(), ['age', 'postal']);
      assert.deepEqual(await counts(), before);
    });

    test('a provider that is not a masjid or partner, or does not exist, is refused', async () => {
      const before = await counts();
      for (const provider of [providers.member, randomUUID()]) {
        const res = await call('POST', JANAZA_PATHS.notices, admin, valid({ provider }));
        assert.equal(res.status, 400);
        assert.equal(res.body.errors?.[0].path, 'provider');
      }
      assert.deepEqual(await counts(), before);
    });

    test('bad images get a clear 400 and write nothing (text renamed .jpg, SVG with a script, 12 MB)', async () => {
      const before = await counts();
      const bad: [Buffer, string, string, RegExp][] = [
        [await images.textRenamedJpg(), 'photo.jpg', 'image/jpeg', /not a JPEG, PNG or WebP image/],
        [await images.svgWithScript(), 'photo.svg', 'image/svg+xml', /SVG files are not accepted/],
        [await images.twelveMegabytes(), 'big.jpg', 'image/jpeg', /larger than 10 MB/],
      ];
      for (const [bytes, name, type, message] of bad) {
        const res = await call('POST', JANAZA_PATHS.notices, admin, form(valid(), { bytes, name, type }));
        assert.equal(res.status, 400, name);
        assert.match(res.body.message ?? '', message);
        assert.equal(res.body.errors?.[0].path, 'image');
      }
      assert.deepEqual(await counts(), before);
    });

    test('lists: full list by default, q by name or provider, status, limit and cursor', async () => {
      await create({ name: 'Abdul Rahman bin Hassan', provider: providers.partner, status: 'approved' });
      await create({ name: 'Siti Khadijah', status: 'rejected' });
      const all = await call('GET', JANAZA_PATHS.notices, admin);
      assert.equal(all.status, 200);
      assert.deepEqual(Object.keys(all.body), ['code', 'data']);
      const total = (all.body.data as JanazaNotice[]).length;
      const stored = (await counts()).notices;
      assert.equal(total, stored);

      const names = async (query: string) => {
        const res = await call('GET', `${JANAZA_PATHS.notices}?${query}`, editor);
        assert.equal(res.status, 200, query);
        return (res.body.data as JanazaNotice[]).map((n) => n.name);
      };
      assert.deepEqual(await names('q=abdul%20RAHMAN'), ['Abdul Rahman bin Hassan']);
      assert.ok((await names('q=al-ikhlas')).includes('Abdul Rahman bin Hassan'), 'matches the provider name');
      assert.deepEqual(await names('q=%25'), [], '% is a literal, not a wildcard');
      assert.deepEqual(await names('q=_'), [], '_ is a literal, not a wildcard');
      assert.deepEqual(await names('status=rejected'), ['Siti Khadijah']);
      assert.deepEqual(await names('status=approved&q=siti'), []);

      const seen: string[] = [];
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const res = await call('GET', `${JANAZA_PATHS.notices}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin);
        assert.equal(res.status, 200);
        const page = res.body.data as JanazaNotice[];
        assert.ok(page.length <= 2);
        seen.push(...page.map((n) => n._id));
        cursor = res.body.nextCursor as string | null;
        pages += 1;
      } while (cursor && pages < 50);
      assert.equal(seen.length, total);
      assert.equal(new Set(seen).size, total, 'no notice twice across pages');
      assert.deepEqual(
        seen,
        (all.body.data as JanazaNotice[]).map((n) => n._id),
        'pages follow the full list order',
      );

      for (const bad of ['status=published', 'limit=0', 'limit=abc', 'cursor=nonsense']) {
        const res = await call('GET', `${JANAZA_PATHS.notices}?${bad}`, admin);
        assert.equal(res.status, 400, bad);
        assert.equal(res.body.code, 400);
      }
    });

    test('PATCH: inline edit answers the notice with _id; postal cannot change; bad input writes nothing', async () => {
      const n = await create();
      const res = await call('PATCH', JANAZA_PATHS.notice(n._id), editor, {
        ...n,
        name: 'Haji Ismail bin Osman (Pak Mail)',
        age: 82,
        gender: 'male',
        isPrivacy: true,
        note: 'Burial at Pusara Abadi',
        status: 'approved',
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const edited = res.body.data as JanazaNotice;
      assert.equal(res.body.code, 200);
      assert.equal(edited._id, n._id);
      assert.equal(edited.name, 'Haji Ismail bin Osman (Pak Mail)');
      assert.equal(edited.status, 'approved');
      assert.equal(edited.isPrivacy, true);
      assert.equal(edited.postal, n.postal);
      assert.equal(edited.userId, adminId, 'the creator stays the creator');

      const before = await counts();
      const locked = await call('PATCH', JANAZA_PATHS.notice(n._id), admin, { postal: '654321' });
      assert.equal(locked.status, 400);
      assert.equal(locked.body.errors?.[0].path, 'postal');
      for (const bad of [{ status: 'published' }, { age: -1 }, { name: '' }, { postal: '12345' }]) {
        const r = await call('PATCH', JANAZA_PATHS.notice(n._id), admin, bad);
        assert.equal(r.status, 400, JSON.stringify(bad));
      }
      assert.deepEqual(await counts(), before);
      const stored = await findNotice(server.app.db, n._id);
      assert.equal(stored?.postal, '198833');
      assert.equal(stored?.name, 'Haji Ismail bin Osman (Pak Mail)');

      const audits = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', n._id)
        .where('action', '=', 'janaza.updated')
        .execute();
      assert.equal(audits.length, 1);
      assert.equal(JSON.parse(audits[0].before ?? '{}').status, 'pending');
      assert.equal(JSON.parse(audits[0].after ?? '{}').status, 'approved');

      assert.equal((await call('PATCH', JANAZA_PATHS.notice(randomUUID()), admin, { name: 'x' })).status, 404);
    });

    test('PATCH with a new image replaces the stored one (the old image is removed)', async () => {
      const first = await call(
        'POST',
        JANAZA_PATHS.notices,
        admin,
        form(valid(), { bytes: await images.png(), name: 'a.png', type: 'image/png' }),
      );
      const n = first.body.data as JanazaNotice;
      const oldId = n.imageUrl?.split('/').pop() as string;
      assert.ok(await readImage(server.app.db, oldId, 'full'));

      const bad = await call(
        'PATCH',
        JANAZA_PATHS.notice(n._id),
        admin,
        form({ name: 'x' }, { bytes: await images.svgWithScript(), name: 'x.svg', type: 'image/svg+xml' }),
      );
      assert.equal(bad.status, 400);
      assert.equal(
        (await findNotice(server.app.db, n._id))?.name,
        n.name,
        'a refused image leaves the notice as it was',
      );

      const res = await call(
        'PATCH',
        JANAZA_PATHS.notice(n._id),
        admin,
        form({ name: 'Replaced Photo' }, { bytes: await images.webp(), name: 'b.webp', type: 'image/webp' }),
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const edited = res.body.data as JanazaNotice;
      assert.equal(edited.name, 'Replaced Photo');
      assert.notEqual(edited.imageUrl, n.imageUrl);
      assert.equal(
        (await fetch(`${server.url}${edited.imageUrl}`, { headers: { cookie: admin.header() } })).status,
        200,
      );
      assert.equal(await readImage(server.app.db, oldId, 'full'), undefined, 'old image removed');
      assert.equal((await fetch(`${server.url}${n.imageUrl}`, { headers: { cookie: admin.header() } })).status, 404);
    });

    test('status changes go through one compare-and-set: a stale change is refused with 409', async () => {
      const n = await create();
      const db = server.app.db;
      const stale = await findNotice(db, n._id);
      assert.ok(stale);
      await db.transaction().execute((trx) => changeStatus(trx, stale, 'approved', new Date().toISOString()));
      await assert.rejects(
        db.transaction().execute((trx) => changeStatus(trx, stale, 'silent', new Date().toISOString())),
        (e: unknown) => (e as { statusCode?: number }).statusCode === 409,
      );
      assert.equal((await findNotice(db, n._id))?.status, 'approved');
    });

    test('DELETE removes the notice and its image, is audited, and a second delete is 404', async () => {
      const created = await call(
        'POST',
        JANAZA_PATHS.notices,
        editor,
        form(valid(), { bytes: await images.jpeg(), name: 'c.jpg', type: 'image/jpeg' }),
      );
      const n = created.body.data as JanazaNotice;
      const imageId = n.imageUrl?.split('/').pop() as string;
      const res = await call('DELETE', JANAZA_PATHS.notice(n._id), editor);
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 200);
      assert.equal(await findNotice(server.app.db, n._id), undefined);
      assert.equal(await readImage(server.app.db, imageId, 'full'), undefined);
      const audit = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', n._id)
        .where('action', '=', 'janaza.deleted')
        .executeTakeFirst();
      assert.equal(JSON.parse(audit?.before ?? '{}').name, n.name);
      assert.equal((await call('DELETE', JANAZA_PATHS.notice(n._id), editor)).status, 404);
    });
  });
}
