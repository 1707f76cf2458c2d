import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API_PATHS } from '@ummahnotify/core';
import {
  COMMITTEE_API,
  type CommitteeMember,
  MEMBERS_API,
  type MembersApiItem,
  type MembersApiList,
} from '@ummahnotify/domain';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { type CookieJar, signIn } from '../../../test/support/sign-in';

type ItemBody = MembersApiItem<CommitteeMember> & { message?: string; errors?: { path: string; message: string }[] };
type ListBody = MembersApiList<CommitteeMember>;

const committee = (email: string, extra: Record<string, unknown> = {}) => ({
  fName: 'Haziq',
  lName: 'Osman',
  email,
  contact: '81234567',
  birthDate: '1998-07-21',
  postal: '560231',
  gender: 'male',
  rights: 'non',
  position: 'secretary',
  backendUser: true,
  ...extra,
});

for (const engine of engines()) {
  describe(`committee API and account rights (${engine})`, () => {
    let server: TestServer;
    let root: ReturnType<typeof client>;
    let rootId: string;
    const rightsOf = async (email: string) =>
      (await server.app.db.selectFrom('users').select('rights').where('email', '=', email).executeTakeFirst())?.rights;
    const count = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('committee_members')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const protectedRights = async (jar: CookieJar) => {
      const me = await client(server.url, jar).get<{ rights: string }>(API_PATHS.protected);
      assert.equal(me.status, 200);
      return me.body.rights;
    };
    const create = async (body: Record<string, unknown>) => {
      const res = await root.post<ItemBody>(COMMITTEE_API.list, body);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data;
    };

    before(async () => {
      server = await startTestServer(engine);
      root = client(server.url, (await signIn(server.url, { email: 'root@example.sg' })).jar);
      rootId = (
        await server.app.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'root@example.sg')
          .executeTakeFirstOrThrow()
      ).id;
    });
    after(async () => server.stop());

    test('creates a committee member (201, code 201); hints are hints; rights non is read as none', async () => {
      const res = await root.post<ItemBody>(
        COMMITTEE_API.list,
        committee('Haziq@Example.sg', { contact: '12345', postal: '1234567', backendUser: false }),
      );
      assert.equal(res.status, 201);
      assert.equal(res.body.code, 201);
      assert.deepEqual(
        { ...res.body.data, _id: 'x', createdAt: 'x', updatedAt: 'x' },
        {
          _id: 'x',
          fName: 'Haziq',
          lName: 'Osman',
          email: 'haziq@example.sg',
          contact: '12345',
          birthDate: '1998-07-21',
          postal: '1234567',
          gender: 'male',
          rights: 'none',
          position: 'secretary',
          backendUser: false,
          userId: null,
          createdAt: 'x',
          updatedAt: 'x',
        },
      );
      const list = await root.get<ListBody>(COMMITTEE_API.list);
      assert.equal(list.body.code, 200);
      assert.deepEqual(
        list.body.data.map((m) => m.email),
        ['haziq@example.sg'],
      );
      const audit = await server.app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('entity_id', '=', res.body.data._id)
        .execute();
      assert.deepEqual(audit, [{ action: 'committee-member.created', actor_id: rootId }]);
    });

    test('bad input gets a clear error and writes nothing', async () => {
      const before = await count();
      const cases: [Record<string, unknown>, string][] = [
        [committee('a1@example.sg', { contact: '' }), 'contact'],
        [committee('a2@example.sg', { birthDate: undefined }), 'birthDate'],
        [committee('a3@example.sg', { birthDate: '2001-02-29' }), 'birthDate'],
        [committee('a4@example.sg', { postal: ' ' }), 'postal'],
        [committee('a5@example.sg', { fName: '' }), 'fName'],
        [committee('not-an-email'), 'email'],
        [committee('a6@example.sg', { rights: 'owner' }), 'rights'],
        [committee('a7@example.sg', { position: 'imam' }), 'position'],
        [committee('a8@example.sg', { gender: 'other' }), 'gender'],
      ];
      for (const [body, path] of cases) {
        const res = await root.post<ItemBody>(COMMITTEE_API.list, body);
        assert.equal(res.status, 400, path);
        assert.ok(
          res.body.errors?.some((e) => e.path === path),
          `${path}: ${JSON.stringify(res.body.errors)}`,
        );
      }
      const dup = await root.post<ItemBody>(COMMITTEE_API.list, committee('HAZIQ@example.sg'));
      assert.equal(dup.status, 409);
      assert.equal(dup.body.message, 'A committee member with the email haziq@example.sg already exists.');
      assert.equal(await count(), before);
    });

    test('an assigned role reaches the account at its first sign-in', async () => {
      const m = await create(committee('siti@example.sg', { fName: 'Siti' }));
      assert.equal(m.userId, null);
      const res = await root.patch<ItemBody>(COMMITTEE_API.assign(m._id), { userId: m._id, role: 'editor' });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.rights, 'editor');
      assert.equal(await rightsOf('siti@example.sg'), undefined);

      const { jar } = await signIn(server.url, { email: 'Siti@example.sg', givenName: 'Siti' });
      assert.equal(await protectedRights(jar), 'editor');
      const audit = await server.app.db.selectFrom('audit_log').select('action').where('entity', '=', 'user').execute();
      assert.ok(audit.some((a) => a.action === 'user.created'));
      const listed = (await root.get<ListBody>(COMMITTEE_API.list)).body.data.find((x) => x._id === m._id);
      assert.ok(listed?.userId, 'the committee member is now linked to the account');
      // An editor is staff but not superadmin: the members routes stay closed.
      assert.equal((await client(server.url, jar).get(MEMBERS_API.list)).status, 403);
    });

    test('an open session sees an assignment, a promotion and a demotion at its next call', async () => {
      const { jar } = await signIn(server.url, { email: 'yusuf@example.sg' });
      const yusuf = client(server.url, jar);
      assert.equal(await protectedRights(jar), 'none');
      const m = await create(committee('yusuf@example.sg', { fName: 'Yusuf' }));
      assert.ok(m.userId);

      await root.patch(COMMITTEE_API.assign(m._id), { userId: m.userId, role: 'editor' });
      assert.equal(await protectedRights(jar), 'editor');
      assert.equal((await yusuf.get(COMMITTEE_API.list)).status, 403);

      await root.patch(COMMITTEE_API.assign(m._id), { userId: m._id, role: 'superadmin' });
      assert.equal(await protectedRights(jar), 'superadmin');
      assert.equal((await yusuf.get(COMMITTEE_API.list)).status, 200);
      assert.equal((await yusuf.get(MEMBERS_API.list)).status, 200);

      await root.patch(COMMITTEE_API.assign(m._id), { userId: m._id, role: 'editor' });
      assert.equal(await protectedRights(jar), 'editor');
      assert.equal((await yusuf.get(COMMITTEE_API.list)).status, 403);
      assert.equal((await yusuf.get(MEMBERS_API.list)).status, 403);

      const rightsAudit = await server.app.db
        .selectFrom('audit_log')
        .select(['after', 'actor_id'])
        .where('action', '=', 'user.rights-from-committee')
        .where('entity_id', '=', m.userId)
        .orderBy('at')
        .execute();
      assert.deepEqual(
        rightsAudit.map((a) => JSON.parse(a.after ?? '{}').rights),
        ['editor', 'superadmin', 'editor'],
      );
      assert.ok(rightsAudit.every((a) => a.actor_id === rootId));
    });

    test('removing backend access while a role is assigned: either order, never a lost update', async () => {
      await signIn(server.url, { email: 'race@example.sg' });
      const m = await create(committee('race@example.sg', { fName: 'Rais', rights: 'editor' }));
      for (let round = 0; round < 10; round++) {
        assert.equal((await root.patch(COMMITTEE_API.one(m._id), { backendUser: true, rights: 'editor' })).status, 200);
        const [off, assigned] = await Promise.all([
          root.patch<ItemBody>(COMMITTEE_API.one(m._id), { backendUser: false }),
          root.patch<ItemBody>(COMMITTEE_API.assign(m._id), { userId: m._id, role: 'admin' }),
        ]);
        assert.equal(off.status, 200);
        assert.ok([200, 409].includes(assigned.status), `assign answered ${assigned.status}`);
        // Run one after the other, in either order, both leave no backend access and no rights.
        const stored = await server.app.db
          .selectFrom('committee_members')
          .select('backend_user')
          .where('id', '=', m._id)
          .executeTakeFirstOrThrow();
        assert.equal(Number(stored.backend_user), 0, `round ${round}: the removal was not overwritten`);
        assert.equal(await rightsOf('race@example.sg'), 'none', `round ${round}`);
      }
    });

    test('removing backend access or deleting the committee member takes the rights away at once', async () => {
      const { jar: jarA } = await signIn(server.url, { email: 'amin@example.sg' });
      const a = await create(committee('amin@example.sg', { fName: 'Amin', rights: 'admin' }));
      assert.equal(await protectedRights(jarA), 'admin', 'creating a backend user gives its rights at once');
      const off = await root.patch<ItemBody>(COMMITTEE_API.one(a._id), { backendUser: false });
      assert.equal(off.status, 200);
      assert.equal(off.body.data.backendUser, false);
      assert.equal(await protectedRights(jarA), 'none');

      const { jar: jarB } = await signIn(server.url, { email: 'bala@example.sg' });
      const b = await create(committee('bala@example.sg', { fName: 'Bala' }));
      await root.patch(COMMITTEE_API.assign(b._id), { userId: b._id, role: 'admin' });
      assert.equal(await protectedRights(jarB), 'admin');
      const gone = await root.delete<ItemBody>(COMMITTEE_API.one(b._id));
      assert.equal(gone.status, 200);
      assert.equal(gone.body.code, 200);
      assert.equal(await protectedRights(jarB), 'none');
      assert.equal((await root.delete(COMMITTEE_API.one(b._id))).status, 404);
    });

    test('changing a backend user’s email moves the rights to the account with the new email', async () => {
      await signIn(server.url, { email: 'old.mail@example.sg' });
      await signIn(server.url, { email: 'new.mail@example.sg' });
      const m = await create(committee('old.mail@example.sg', { rights: 'editor' }));
      assert.equal(await rightsOf('old.mail@example.sg'), 'editor');
      const moved = await root.patch<ItemBody>(COMMITTEE_API.one(m._id), { email: 'New.Mail@example.sg' });
      assert.equal(moved.status, 200);
      assert.equal(await rightsOf('old.mail@example.sg'), 'none');
      assert.equal(await rightsOf('new.mail@example.sg'), 'editor');
    });

    test('assignment input is checked before anything is written', async () => {
      const m = await create(committee('check@example.sg', { rights: 'editor' }));
      const plain = await create(committee('plain@example.sg', { backendUser: false }));
      const attempts: [string, unknown, number, RegExp][] = [
        [m._id, { userId: m._id, role: 'owner' }, 400, /Role must be admin, editor or superadmin/],
        [m._id, { userId: m._id, role: 'none' }, 400, /Role must be admin, editor or superadmin/],
        [m._id, { role: 'admin' }, 400, /userId/],
        [m._id, { userId: m._id }, 400, /role/],
        [m._id, { userId: plain._id, role: 'admin' }, 400, /must be the id of this committee member/],
        [plain._id, { userId: plain._id, role: 'admin' }, 409, /not a backend user/],
        ['00000000-0000-4000-8000-000000000000', { userId: 'x', role: 'admin' }, 404, /does not exist/],
      ];
      for (const [id, body, status, message] of attempts) {
        const res = await root.patch<ItemBody>(COMMITTEE_API.assign(id), body);
        assert.equal(res.status, status, JSON.stringify(body));
        assert.match(res.body.message ?? '', message);
      }
      const stored = await server.app.db
        .selectFrom('committee_members')
        .select(['email', 'rights'])
        .where('id', 'in', [m._id, plain._id])
        .orderBy('email')
        .execute();
      assert.deepEqual(stored, [
        { email: 'check@example.sg', rights: 'editor' },
        { email: 'plain@example.sg', rights: 'none' },
      ]);
    });

    test('the last superadmin cannot be demoted, lose backend access, or be deleted (409); writes nothing', async () => {
      const self = await create(
        committee('root@example.sg', { fName: 'Root', rights: 'superadmin', position: 'chairperson' }),
      );
      assert.equal(await rightsOf('root@example.sg'), 'superadmin');
      // yusuf was demoted above: root is the only superadmin account.
      const superadmins = await server.app.db
        .selectFrom('users')
        .select('email')
        .where('rights', '=', 'superadmin')
        .execute();
      assert.deepEqual(superadmins, [{ email: 'root@example.sg' }]);
      const auditBefore = await server.app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();

      const refusals = [
        await root.patch<ItemBody>(COMMITTEE_API.assign(self._id), { userId: self._id, role: 'admin' }),
        await root.patch<ItemBody>(COMMITTEE_API.one(self._id), { rights: 'editor' }),
        await root.patch<ItemBody>(COMMITTEE_API.one(self._id), { backendUser: false }),
        await root.patch<ItemBody>(COMMITTEE_API.one(self._id), { email: 'someone.else@example.sg' }),
        await root.delete<ItemBody>(COMMITTEE_API.one(self._id)),
      ];
      for (const r of refusals) {
        assert.equal(r.status, 409);
        assert.equal(
          r.body.message,
          'root@example.sg is the last superadmin. Make another committee member superadmin first, then change or remove this one.',
        );
      }
      assert.equal(await rightsOf('root@example.sg'), 'superadmin');
      const stored = await server.app.db
        .selectFrom('committee_members')
        .selectAll()
        .where('id', '=', self._id)
        .executeTakeFirstOrThrow();
      assert.equal(stored.rights, 'superadmin');
      assert.equal(stored.backend_user, 1);
      assert.equal(stored.email, 'root@example.sg');
      const auditAfter = await server.app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(auditAfter.n), Number(auditBefore.n));

      // With a second superadmin, the first may step down.
      const yusuf = (await root.get<ListBody>(COMMITTEE_API.list)).body.data.find(
        (m) => m.email === 'yusuf@example.sg',
      ) as CommitteeMember;
      await root.patch(COMMITTEE_API.assign(yusuf._id), { userId: yusuf._id, role: 'superadmin' });
      const stepDown = await root.patch<ItemBody>(COMMITTEE_API.assign(self._id), { userId: self._id, role: 'admin' });
      assert.equal(stepDown.status, 200);
      assert.equal(await rightsOf('root@example.sg'), 'admin');
      assert.equal(
        (await root.get(COMMITTEE_API.list)).status,
        403,
        'the demoted caller loses the section at its next call',
      );
    });

    test('admins and editors get 403 from every committee route and change nothing', async () => {
      const before = await count();
      const target = (await server.app.db.selectFrom('committee_members').select('id').executeTakeFirstOrThrow()).id;
      for (const rights of ['admin', 'editor']) {
        const email = `${rights}.caller@example.sg`;
        const { jar } = await signIn(server.url, { email });
        await server.app.db.updateTable('users').set({ rights }).where('email', '=', email).execute();
        const c = client(server.url, jar);
        const answers = [
          await c.get(COMMITTEE_API.list),
          await c.post(COMMITTEE_API.list, committee('sneaky@example.sg')),
          await c.patch(COMMITTEE_API.one(target), { fName: 'Sneaky' }),
          await c.delete(COMMITTEE_API.one(target)),
          await c.patch(COMMITTEE_API.assign(target), { userId: target, role: 'superadmin' }),
        ];
        assert.deepEqual(
          answers.map((x) => x.status),
          [403, 403, 403, 403, 403],
        );
      }
      assert.equal(await count(), before);
    });
  });
}
