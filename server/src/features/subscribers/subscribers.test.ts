import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  JANAZA_PATHS,
  MEMBERS_API,
  SUBSCRIBERS_API,
  type Subscriber,
  type SubscriberListResponse,
  type SubscriberStats,
  subscriberStatsSchema,
} from '@ummahnotify/domain';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { type CookieJar, signIn } from '../../../test/support/sign-in';
import { newSubscriber } from '../../../test/support/subscriber-rows';

type Refusal = { code: number; message: string; errors?: { path: string; message: string }[] };
const MISSING = '00000000-0000-4000-8000-000000000000';

for (const engine of engines()) {
  describe(`subscribers API (${engine})`, () => {
    let server: TestServer;
    let rootJar: CookieJar;
    let root: ReturnType<typeof client>;
    let admin: ReturnType<typeof client>;
    let editor: ReturnType<typeof client>;
    const db = () => server.app.db;
    const auditCount = async () =>
      Number(
        (
          await db()
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const row = (id: string) =>
      db().selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    /** updateuser as the browser sends it: multipart form data. */
    const postForm = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const res = await fetch(`${server.url}${SUBSCRIBERS_API.update}`, {
        method: 'POST',
        headers: { cookie: rootJar.header(), origin: server.url },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { code: number; data: Subscriber } & Refusal };
    };
    const listAll = async (query: string) => {
      const seen: Subscriber[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { status: number; body: SubscriberListResponse } = await root.get<SubscriberListResponse>(
          `${SUBSCRIBERS_API.list}?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        assert.equal(res.status, 200);
        seen.push(...res.body.data);
        cursor = res.body.nextCursor;
        pages += 1;
      } while (cursor);
      return { seen, pages };
    };

    before(async () => {
      server = await startTestServer(engine);
      rootJar = (await signIn(server.url, { email: 'root@example.sg' })).jar;
      root = client(server.url, rootJar);
      const staff = async (email: string, rights: string) => {
        const { jar } = await signIn(server.url, { email });
        await db().updateTable('users').set({ rights }).where('email', '=', email).execute();
        return client(server.url, jar);
      };
      admin = await staff('admin@example.sg', 'admin');
      editor = await staff('editor@example.sg', 'editor');
    });
    after(async () => server.stop());
    beforeEach(async () => {
      await db().deleteFrom('subscribers').execute();
    });

    test('list, stats and updateuser are for superadmins only', async () => {
      const sub = newSubscriber();
      await db().insertInto('subscribers').values(sub).execute();
      for (const caller of [admin, editor]) {
        assert.equal((await caller.get(SUBSCRIBERS_API.list)).status, 403);
        assert.equal((await caller.get(SUBSCRIBERS_API.stats)).status, 403);
        assert.equal((await caller.post(SUBSCRIBERS_API.update, { id: sub.id, language: 'ta' })).status, 403);
      }
      assert.equal((await client(server.url).get(SUBSCRIBERS_API.list)).status, 401);
      assert.equal((await row(sub.id)).language, 'en', 'a refused call changed nothing');
    });

    test('the list pages newest first through every subscriber exactly once', async () => {
      // 250 rows, many sharing a creation time, so the cursor must break ties by id.
      const rows = Array.from({ length: 250 }, (_, i) =>
        newSubscriber({
          channel: (['webpush', 'email', 'whatsapp', 'telegram'] as const)[i % 4],
          created_at: `2026-02-0${1 + (i % 5)}T08:00:00.000Z`,
        }),
      );
      await db().insertInto('subscribers').values(rows).execute();
      const { seen, pages } = await listAll('limit=60');
      assert.equal(pages, 5);
      assert.equal(seen.length, 250);
      assert.equal(new Set(seen.map((s) => s._id)).size, 250);
      const expectedOrder = [...rows]
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
        .map((r) => r.id);
      assert.deepEqual(
        seen.map((s) => s._id),
        expectedOrder,
      );
      const first = await root.get<SubscriberListResponse>(SUBSCRIBERS_API.list);
      assert.equal(first.body.data.length, 100, 'without a limit, a page of 100');
      assert.ok(first.body.nextCursor);
      const sample = first.body.data[0];
      assert.deepEqual(Object.keys(sample).sort(), [
        '_id',
        'active',
        'address',
        'channel',
        'confirmed',
        'createdAt',
        'language',
        'status',
        'topics',
        'updatedAt',
      ]);
    });

    test('the list filters by channel, topic, status and address', async () => {
      const rows = [
        newSubscriber({ channel: 'email', address: 'Nurul.Huda@Example.sg', topic_events: 0 }),
        newSubscriber({ channel: 'email', address: 'ahmad_faizal@example.sg', confirmed: 0 }),
        newSubscriber({ channel: 'email', address: 'ahmadXfaizal@example.sg', active: 0 }),
        newSubscriber({ channel: 'telegram', topic_janaza: 0 }),
        newSubscriber({ channel: 'webpush' }),
      ];
      await db().insertInto('subscribers').values(rows).execute();
      const ids = async (query: string) => (await listAll(query)).seen.map((s) => s._id).sort();
      const of = (...i: number[]) => i.map((n) => rows[n].id).sort();
      assert.deepEqual(await ids('channel=email'), of(0, 1, 2));
      assert.deepEqual(await ids('topic=events'), of(1, 2, 3, 4));
      assert.deepEqual(await ids('topic=janaza&channel=telegram'), []);
      assert.deepEqual(await ids('status=confirmed'), of(0, 3, 4));
      assert.deepEqual(await ids('status=pending'), of(1));
      assert.deepEqual(await ids('status=deactivated'), of(2));
      assert.deepEqual(await ids('q=nurul.huda'), of(0), 'search ignores case');
      assert.deepEqual(await ids('q=ahmad_'), of(1), 'an underscore is a plain character');
      assert.deepEqual(await ids('q=%25'), [], 'so is a percent sign');
      const listed = (await listAll('status=deactivated')).seen[0];
      assert.equal(listed.status, 'deactivated');
      assert.equal(listed.active, false);
      assert.deepEqual((await listAll('channel=telegram')).seen[0].topics, ['events']);
    });

    test('a bad list query is refused with the field named', async () => {
      for (const [query, path] of [
        ['channel=sms', 'channel'],
        ['topic=sports', 'topic'],
        ['status=gone', 'status'],
        ['limit=0', 'limit'],
        ['limit=1001', 'limit'],
        ['limit=ten', 'limit'],
      ]) {
        const res = await root.get<Refusal>(`${SUBSCRIBERS_API.list}?${query}`);
        assert.equal(res.status, 400, query);
        assert.equal(res.body.errors?.[0].path, path, query);
      }
      const res = await root.get<Refusal>(`${SUBSCRIBERS_API.list}?cursor=bm90LWEtY3Vyc29y`);
      assert.equal(res.status, 400);
      assert.match(res.body.message, /cursor/);
    });

    test('stats count per channel and topic, confirmed subscribers apart from pending and deactivated', async () => {
      await db()
        .insertInto('subscribers')
        .values([
          newSubscriber({ channel: 'webpush' }),
          newSubscriber({ channel: 'webpush', topic_events: 0 }),
          newSubscriber({ channel: 'webpush', confirmed: 0 }),
          newSubscriber({ channel: 'email', topic_janaza: 0 }),
          newSubscriber({ channel: 'email', active: 0 }),
          newSubscriber({ channel: 'whatsapp' }),
        ])
        .execute();
      const res = await root.get<{ code: number; data: SubscriberStats }>(SUBSCRIBERS_API.stats);
      assert.equal(res.status, 200);
      const stats = subscriberStatsSchema.parse(res.body.data);
      assert.equal(stats.total, 4);
      assert.deepEqual(stats.topics, { janaza: 3, events: 3 });
      assert.deepEqual(stats.channels.webpush, { confirmed: 2, janaza: 2, events: 1, pending: 1, deactivated: 0 });
      assert.deepEqual(stats.channels.email, { confirmed: 1, janaza: 0, events: 1, pending: 0, deactivated: 1 });
      assert.deepEqual(stats.channels.whatsapp, { confirmed: 1, janaza: 1, events: 1, pending: 0, deactivated: 0 });
      assert.deepEqual(stats.channels.telegram, { confirmed: 0, janaza: 0, events: 0, pending: 0, deactivated: 0 });
    });

    test('updateuser with form data changes topics and language, audited', async () => {
      const sub = newSubscriber({ channel: 'telegram' });
      await db().insertInto('subscribers').values(sub).execute();
      const res = await postForm({ id: sub.id, topics: 'janaza', language: 'ta' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.data.topics, ['janaza']);
      assert.equal(res.body.data.language, 'ta');
      const stored = await row(sub.id);
      assert.equal(stored.topic_events, 0);
      assert.equal(stored.topic_janaza, 1);
      assert.equal(stored.language, 'ta');
      const entry = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', sub.id)
        .executeTakeFirstOrThrow();
      assert.equal(entry.action, 'subscriber.updated');
      assert.deepEqual(JSON.parse(entry.before ?? '{}').topics, ['janaza', 'events']);
      assert.deepEqual(JSON.parse(entry.after ?? '{}').topics, ['janaza']);
      const json = await root.post<{ data: Subscriber }>(SUBSCRIBERS_API.update, {
        id: sub.id,
        topics: ['events', 'janaza'],
      });
      assert.equal(json.status, 200, 'JSON is read the same way');
      assert.deepEqual(json.body.data.topics, ['janaza', 'events']);
    });

    test('deactivating stops a subscriber; switching it back on is refused', async () => {
      const sub = newSubscriber({ channel: 'email' });
      await db().insertInto('subscribers').values(sub).execute();
      const off = await postForm({ id: sub.id, active: 'false' });
      assert.equal(off.status, 200);
      assert.equal(off.body.data.status, 'deactivated');
      const stored = await row(sub.id);
      assert.equal(stored.active, 0);
      assert.ok(stored.deactivated_at);
      const audits = await auditCount();
      const on = await postForm({ id: sub.id, active: 'true', language: 'ta' });
      assert.equal(on.status, 409);
      assert.match(on.body.message, /sign up again/);
      assert.equal((await row(sub.id)).language, 'en', 'nothing of the refused call was written');
      assert.equal(await auditCount(), audits);
    });

    test('bad updates are refused and write nothing', async () => {
      const sub = newSubscriber();
      await db().insertInto('subscribers').values(sub).execute();
      const audits = await auditCount();
      const cases: [Record<string, string>, number, string][] = [
        [{ id: sub.id, topics: '' }, 400, 'topics'],
        [{ id: sub.id, topics: 'janaza,sports' }, 400, 'topics.1'],
        [{ id: sub.id, language: 'fr' }, 400, 'language'],
        [{ id: sub.id, active: 'maybe' }, 400, 'active'],
        [{ id: sub.id }, 400, 'topics'],
        [{ id: 'not-an-id', language: 'ta' }, 400, 'id'],
      ];
      for (const [fields, status, path] of cases) {
        const res = await postForm(fields);
        assert.equal(res.status, status, JSON.stringify(fields));
        assert.equal(res.body.errors?.[0].path, path, JSON.stringify(res.body));
      }
      const missing = await postForm({ id: MISSING, language: 'ta' });
      assert.equal(missing.status, 404);
      assert.deepEqual(await row(sub.id), sub);
      assert.equal(await auditCount(), audits);
    });

    test('/api/api/v1/admin/ummahnotify/janaza is the janaza list and create, with their rights and validation', async () => {
      const provider = await root.post<{ data: { _id: string } }>(MEMBERS_API.list, {
        fName: 'Masjid',
        lName: 'Sultan',
        email: `office.${engine}@sultan.example.sg`,
        postal: '198833',
        position: 'masjid',
        businessName: 'Masjid Sultan',
        contact: '62934405',
      });
      assert.equal(provider.status, 200);
      const notice = {
        provider: provider.body.data._id,
        name: 'Fatimah binte Yusof',
        age: 84,
        postal: '198833',
        dueDate: new Date(Date.now() + 5 * 3600_000).toISOString(),
      };
      const created = await editor.post<{ code: number; data: { _id: string; name: string } }>(
        SUBSCRIBERS_API.janaza,
        notice,
      );
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.code, 201);
      const listed = await admin.get<{ code: number; data: { _id: string }[] }>(SUBSCRIBERS_API.janaza);
      assert.equal(listed.status, 200);
      assert.ok(listed.body.data.some((n) => n._id === created.body.data._id));
      const same = await admin.get<{ code: number; data: { _id: string }[] }>(JANAZA_PATHS.notices);
      assert.deepEqual(listed.body, same.body, 'the same list as the janaza route');

      const count = async () =>
        Number(
          (
            await db()
              .selectFrom('janaza_notices')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const bad = await editor.post<Refusal>(SUBSCRIBERS_API.janaza, { ...notice, postal: '1234567' });
      const badThere = await editor.post<Refusal>(JANAZA_PATHS.notices, { ...notice, postal: '1234567' });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body, badThere.body, 'refused exactly as the janaza route refuses');
      assert.equal(await count(), before);

      const none = await signIn(server.url, { email: 'nobody@example.sg' });
      assert.equal((await client(server.url, none.jar).get(SUBSCRIBERS_API.janaza)).status, 403);
      assert.equal((await client(server.url).post(SUBSCRIBERS_API.janaza, notice)).status, 401);
    });
  });
}
