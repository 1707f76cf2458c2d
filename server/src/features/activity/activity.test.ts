import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ACTION_KINDS, ACTIVITY_API, type ActivityListResponse, JANAZA_PATHS } from '@ummahnotify/domain';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { type CookieJar, signIn } from '../../../test/support/sign-in';
import { insertMasjid, staffJar } from '../../../test/support/staff';

type Answer = ActivityListResponse & { message?: string };

/** Every `action: '...'` the server's sources write to the audit log. */
function actionsInSources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...actionsInSources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(/action: '([a-z-]+\.[a-z-]+)'/g)) found.push(m[1]);
      for (const m of text.matchAll(/'([a-z]+\.[a-z-]+)' : '([a-z]+\.[a-z-]+)'/g)) found.push(m[1], m[2]);
    }
  }
  return found;
}

test('every audit action the server writes has its kind in the one shared map', () => {
  const actions = new Set(actionsInSources(join(import.meta.dirname, '..', '..')));
  assert.ok(actions.size >= 15, `found only ${[...actions].join(', ')}`);
  assert.deepEqual(
    [...actions].filter((a) => !(a in ACTION_KINDS)),
    [],
  );
  // written from templates: janaza.<status> (janaza/routes.ts), user.rights-from-<source> (auth/users.ts)
  for (const a of ['janaza.approved', 'janaza.rejected', 'janaza.silent', 'janaza.pending'])
    assert.equal(ACTION_KINDS[a], 'approvals');
  for (const a of ['user.rights-from-committee', 'user.rights-from-superadmin-emails'])
    assert.equal(ACTION_KINDS[a], 'role-changes');
});

for (const engine of engines()) {
  describe(`activity log GET ${ACTIVITY_API.list} (${engine})`, () => {
    let server: TestServer;
    let root: CookieJar;
    let admin: CookieJar;
    let adminId: string;
    let noticeId: string;

    const get = (jar: CookieJar, query = '') => client(server.url, jar).get<Answer>(`${ACTIVITY_API.list}${query}`);

    before(async () => {
      server = await startTestServer(engine);
      admin = await staffJar(server, 'aisyah@masjid.example.sg', 'admin');
      const user = await server.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'aisyah@masjid.example.sg')
        .executeTakeFirstOrThrow();
      adminId = user.id;
      await server.app.db
        .updateTable('users')
        .set({ first_name: 'Aisyah', last_name: 'Rahman' })
        .where('id', '=', adminId)
        .execute();
      const masjid = await insertMasjid(server.app.db);
      const created = await client(server.url, admin).post<{ data: { _id: string } }>(JANAZA_PATHS.notices, {
        provider: masjid,
        name: 'Haji Ismail bin Osman',
        age: 81,
        postal: '198833',
        dueDate: '2030-05-01T14:30:00+08:00',
      });
      assert.equal(created.status, 201);
      noticeId = created.body.data._id;
      const approved = await client(server.url, admin).patch(`${JANAZA_PATHS.notices}/${noticeId}`, {
        status: 'approved',
      });
      assert.equal(approved.status, 200);
      root = (await signIn(server.url, { email: 'root@example.sg' })).jar;
    });
    after(async () => server?.stop());

    test('superadmins only: an admin and an editor get 403, nobody signed in 401', async () => {
      assert.equal((await get(admin)).status, 403);
      const editor = await staffJar(server, 'editor@masjid.example.sg', 'editor');
      assert.equal((await get(editor)).status, 403);
      assert.equal((await fetch(`${server.url}${ACTIVITY_API.list}`)).status, 401);
    });

    test('lists who did what and when, newest first: sign-ins, the create, the approval', async () => {
      const res = await get(root);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const mine = res.body.data.filter((e) => e.actor?.id === adminId);
      // The approval is an edit of the notice and its review: two rows of one transaction (either first).
      assert.deepEqual(
        mine
          .slice(0, 2)
          .map((e) => [e.action, e.kind])
          .sort(),
        [
          ['janaza.approved', 'approvals'],
          ['janaza.updated', 'edits'],
        ],
      );
      assert.deepEqual([mine[2]?.action, mine[2]?.kind], ['janaza.created', 'creates']);
      // The first sign-in creates the account and signs it in within one request, often in the same
      // millisecond; rows of one millisecond have no order between them (either may come first).
      const firstSignIn = mine.slice(3);
      assert.deepEqual(firstSignIn.map((e) => [e.action, e.kind]).sort(), [
        ['user.created', 'creates'],
        ['user.signed-in', 'sign-ins'],
      ]);
      if (firstSignIn[0]?.at !== firstSignIn[1]?.at) assert.equal(firstSignIn[0]?.action, 'user.signed-in');
      const approval = mine.find((e) => e.action === 'janaza.approved');
      assert.equal(approval?.subject, 'Haji Ismail bin Osman');
      assert.equal(approval?.entityId, noticeId);
      assert.deepEqual(approval?.actor, { id: adminId, name: 'Aisyah Rahman', email: 'aisyah@masjid.example.sg' });
      const times = res.body.data.map((e) => e.at);
      assert.deepEqual(times, [...times].sort().reverse());
      assert.ok(res.body.people.some((p) => p.email === 'aisyah@masjid.example.sg'));
      assert.equal(res.body.nextCursor, null);
    });

    test('filters by person and by kind', async () => {
      const signIns = await get(root, '?kind=sign-ins');
      assert.equal(signIns.status, 200);
      assert.ok(signIns.body.data.length >= 2);
      assert.ok(signIns.body.data.every((e) => e.kind === 'sign-ins'));
      const hers = await get(root, `?actor=${adminId}&kind=approvals`);
      assert.deepEqual(
        hers.body.data.map((e) => e.action),
        ['janaza.approved'],
      );
      const nobody = await get(root, `?actor=${randomUUID()}`);
      assert.deepEqual(nobody.body.data, []);
    });

    test('filters by Singapore dates, both ends included', async () => {
      // 23:59 and 00:00 in Singapore are 15:59 and 16:00 UTC.
      const rows = [
        ['2025-03-09T16:00:00.000Z', 'first minute of 10 March'],
        ['2025-03-10T15:59:00.000Z', 'last minute of 10 March'],
        ['2025-03-10T16:00:00.000Z', 'first minute of 11 March'],
      ];
      for (const [at, heading] of rows) {
        await server.app.db
          .insertInto('audit_log')
          .values({
            id: randomUUID(),
            actor_id: adminId,
            action: 'event.updated',
            entity: 'event',
            entity_id: randomUUID(),
            before: null,
            after: JSON.stringify({ heading }),
            at,
          })
          .execute();
      }
      const day = await get(root, '?from=2025-03-10&to=2025-03-10');
      assert.equal(day.status, 200, JSON.stringify(day.body));
      assert.deepEqual(
        day.body.data.map((e) => e.subject),
        ['last minute of 10 March', 'first minute of 10 March'],
      );
      const fromEleventh = await get(root, '?from=2025-03-11&to=2025-03-11&kind=edits');
      assert.deepEqual(
        fromEleventh.body.data.map((e) => e.subject),
        ['first minute of 11 March'],
      );
    });

    test('pages with a cursor ("Load more"): every entry once, in order', async () => {
      const all = (await get(root, '?limit=200')).body.data.map((e) => e.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { status: number; body: Answer } = await get(
          root,
          `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        assert.equal(res.status, 200);
        assert.ok(res.body.data.length <= 2);
        seen.push(...res.body.data.map((e) => e.id));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor && pages < 100);
      assert.deepEqual(seen, all);
      assert.ok(pages >= 3);
    });

    test('bad input gets 400 with a clear message', async () => {
      const cases: [string, RegExp][] = [
        ['?kind=logins', /kind must be one of sign-ins, creates/],
        ['?from=2026-02-30', /from is not a real date/],
        ['?to=11/03/2025', /to must be a date \(YYYY-MM-DD\)/],
        ['?from=2025-03-12&to=2025-03-11', /from must not be after to/],
        ['?limit=0', /limit must be a whole number from 1 to 200/],
        ['?limit=abc', /limit must be a whole number/],
        ['?cursor=not-a-cursor', /cursor is not one this list gave out/],
        [`?actor=${'x'.repeat(65)}`, /actor is not a valid id/],
      ];
      for (const [query, message] of cases) {
        const res = await get(root, query);
        assert.equal(res.status, 400, query);
        assert.match(String(res.body.message), message, query);
      }
    });
  });
}
