import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MEMBERS_API, type Member, type MembersApiItem, type MembersApiList } from '@ummahnotify/domain';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { signIn } from '../../../test/support/sign-in';

type ListBody = MembersApiList<Member>;
type ItemBody = MembersApiItem<Member> & { message?: string; errors?: { path: string; message: string }[] };

const MISSING = '00000000-0000-4000-8000-000000000000';

const member = {
  fName: 'Nur',
  lName: 'Aisyah',
  email: 'Nur.Aisyah@Example.sg',
  contact: '91234567',
  dateofBirth: '1995-03-14',
  postal: '520123',
  position: 'member',
  isVolunteer: true,
};
const masjid = {
  fName: 'Masjid',
  lName: 'Al-Falah',
  email: 'office@alfalah.example.sg',
  contact: '62353172',
  postal: '238164',
  position: 'admin', // legacy spelling of masjid
  businessName: 'Masjid Al-Falah',
};
const partner = {
  fName: 'Rahim',
  lName: 'Salleh',
  email: 'rahim@jenazah-services.example.sg',
  contact: '67441234',
  postal: '408564',
  position: 'moderator', // legacy spelling of partner
  isPartner: true,
  businessName: 'Singapore Muslim Casket Services',
  uen: '201912345k',
};

for (const engine of engines()) {
  describe(`members API (${engine})`, () => {
    let server: TestServer;
    let root: ReturnType<typeof client>;
    let rootId: string;
    let admin: ReturnType<typeof client>;
    let editor: ReturnType<typeof client>;
    const count = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('members')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditActions = async (entityId: string) =>
      await server.app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('entity_id', '=', entityId)
        .orderBy('at')
        .execute();

    before(async () => {
      server = await startTestServer(engine);
      root = client(server.url, (await signIn(server.url, { email: 'root@example.sg', givenName: 'Root' })).jar);
      rootId = (
        await server.app.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'root@example.sg')
          .executeTakeFirstOrThrow()
      ).id;
      const staff = async (email: string, rights: string) => {
        const { jar } = await signIn(server.url, { email });
        await server.app.db.updateTable('users').set({ rights }).where('email', '=', email).execute();
        return client(server.url, jar);
      };
      admin = await staff('farid@example.sg', 'admin');
      editor = await staff('kavitha@example.sg', 'editor');
    });
    after(async () => server.stop());

    test('creates a member, a masjid and a partner; legacy positions are stored as masjid and partner', async () => {
      const a = await root.post<ItemBody>(MEMBERS_API.list, member);
      assert.equal(a.status, 200);
      assert.equal(a.body.code, 200);
      assert.equal(a.body.data.email, 'nur.aisyah@example.sg');
      assert.equal(a.body.data.adminId, rootId);
      assert.equal(a.body.data.membershipStatus, 'active');
      assert.equal(a.body.data.isVolunteer, true);
      assert.equal(a.body.data.isVerified, false);
      assert.equal(a.body.data.dateofBirth, '1995-03-14');
      assert.match(a.body.data.registerOn, /^\d{4}-\d{2}-\d{2}T/);

      const m = await root.post<ItemBody>(MEMBERS_API.list, masjid);
      assert.equal(m.status, 200);
      assert.equal(m.body.data.position, 'masjid');

      const p = await root.post<ItemBody>(MEMBERS_API.list, partner);
      assert.equal(p.status, 200);
      assert.equal(p.body.data.position, 'partner');
      assert.equal(p.body.data.uen, '201912345K');

      const stored = await server.app.db.selectFrom('members').select(['email', 'position']).orderBy('email').execute();
      assert.deepEqual(stored.map((s) => s.position).sort(), ['masjid', 'member', 'partner']);
      assert.deepEqual(
        (await auditActions(p.body.data._id)).map((e) => [e.action, e.actor_id]),
        [['member.created', rootId]],
      );
    });

    test('bad input gets a clear 400 and writes nothing', async () => {
      const before = await count();
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ ...member, email: 'other1@example.sg', postal: '1234567' }, 'postal', /6 digits/],
        [{ ...partner, email: 'other2@example.sg', uen: '' }, 'uen', /UEN is required for a partner/],
        [{ ...partner, email: 'other3@example.sg', uen: undefined, position: 'member' }, 'uen', /UEN is required/],
        [{ ...partner, email: 'other4@example.sg', businessName: '  ' }, 'businessName', /Business name is required/],
        [{ ...member, email: 'other5@example.sg', fName: '' }, 'fName', /First name is required/],
        [{ ...member, email: 'not-an-email' }, 'email', /valid email/],
        [{ ...member, email: 'other6@example.sg', position: 'owner' }, 'position', /./],
        [{ ...partner, email: 'other7@example.sg', uen: 'UEN123' }, 'uen', /Singapore UEN/],
        [{ ...member, email: 'other8@example.sg', dateofBirth: '2999-01-01' }, 'dateofBirth', /future/],
      ];
      for (const [body, path, message] of cases) {
        const res = await root.post<ItemBody>(MEMBERS_API.list, body);
        assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.body)}`);
        const error = res.body.errors?.find((e) => e.path === path);
        assert.ok(error, `error for ${path} in ${JSON.stringify(res.body.errors)}`);
        assert.match(error.message, message);
        assert.match(res.body.message ?? '', /^Please check your input/);
      }
      assert.equal(await count(), before);
    });

    test('a second member with the same email (any case) is refused with 409', async () => {
      const before = await count();
      const res = await root.post<ItemBody>(MEMBERS_API.list, {
        ...member,
        email: 'NUR.AISYAH@example.sg',
        fName: 'Other',
      });
      assert.equal(res.status, 409);
      assert.equal(res.body.message, 'A member with the email nur.aisyah@example.sg already exists.');
      assert.equal(await count(), before);

      // Two saves of one new email at the same moment: one is stored, the other gets the same 409.
      const twins = await Promise.all(
        [1, 2].map((n) =>
          root.post<ItemBody>(MEMBERS_API.list, { ...member, fName: `Twin ${n}`, email: 'twin@example.sg' }),
        ),
      );
      assert.deepEqual(twins.map((t) => t.status).sort(), [200, 409]);
      assert.match(twins.find((t) => t.status === 409)?.body.message ?? '', /twin@example.sg already exists/);
      const twin = twins.find((t) => t.status === 200) as { body: ItemBody };
      assert.equal((await root.delete(MEMBERS_API.one(twin.body.data._id))).status, 200);
    });

    test('lists every member with code 200, filters by q and position, and pages with limit and cursor', async () => {
      const all = await root.get<ListBody>(MEMBERS_API.list);
      assert.equal(all.status, 200);
      assert.equal(all.body.code, 200);
      assert.equal(all.body.data.length, 3);
      assert.equal(all.body.nextCursor, null);
      assert.deepEqual(
        (await root.get<ListBody>(`${MEMBERS_API.list}?q=CASKET`)).body.data.map((m) => m.position),
        ['partner'],
      );
      assert.deepEqual(
        (await root.get<ListBody>(`${MEMBERS_API.list}?position=admin`)).body.data.map((m) => m.email),
        [masjid.email],
      );
      assert.equal(
        (await root.get<ListBody>(`${MEMBERS_API.list}?q=${encodeURIComponent('100%')}`)).body.data.length,
        0,
      );

      const first = await root.get<ListBody>(`${MEMBERS_API.list}?limit=2`);
      assert.equal(first.body.data.length, 2);
      assert.ok(first.body.nextCursor);
      const second = await root.get<ListBody>(`${MEMBERS_API.list}?limit=2&cursor=${first.body.nextCursor}`);
      assert.equal(second.body.data.length, 1);
      assert.equal(second.body.nextCursor, null);
      const seen = [...first.body.data, ...second.body.data].map((m) => m._id).sort();
      assert.deepEqual(seen, all.body.data.map((m) => m._id).sort());
      assert.equal((await root.get(`${MEMBERS_API.list}?cursor=garbage`)).status, 400);
    });

    test('edits from the Member Details modal merge into the record and keep the partner rules', async () => {
      const list = (await root.get<ListBody>(MEMBERS_API.list)).body.data;
      const m = list.find((x) => x.position === 'member') as Member;
      const res = await root.patch<ItemBody>(MEMBERS_API.one(m._id), {
        lName: 'Binte Ali',
        position: 'admin',
        isVolunteer: false,
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 200);
      assert.equal(res.body.data.lName, 'Binte Ali');
      assert.equal(res.body.data.position, 'masjid');
      assert.equal(res.body.data.isVolunteer, false);
      assert.equal(res.body.data.fName, 'Nur');
      assert.equal(res.body.data.registerOn, m.registerOn);

      // Becoming a partner without business details is refused, and nothing changes.
      const refused = await root.patch<ItemBody>(MEMBERS_API.one(m._id), { position: 'moderator' });
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.errors?.map((e) => e.path).sort(), ['businessName', 'uen']);
      const stored = await server.app.db
        .selectFrom('members')
        .select('position')
        .where('id', '=', m._id)
        .executeTakeFirstOrThrow();
      assert.equal(stored.position, 'masjid');

      const taken = await root.patch<ItemBody>(MEMBERS_API.one(m._id), { email: masjid.email.toUpperCase() });
      assert.equal(taken.status, 409);
      assert.match(taken.body.message ?? '', /already exists/);

      assert.equal((await root.patch(MEMBERS_API.one(MISSING), { lName: 'x' })).status, 404);
      assert.equal((await root.patch(MEMBERS_API.one('not-an-id'), { lName: 'x' })).status, 400);
      assert.deepEqual(
        (await auditActions(m._id)).map((e) => e.action),
        ['member.created', 'member.updated'],
      );
    });

    test('verifies and unverifies a member', async () => {
      const m = (await root.get<ListBody>(MEMBERS_API.list)).body.data[0];
      const yes = await root.put<ItemBody>(MEMBERS_API.verify(m._id), { verified: true });
      assert.equal(yes.status, 200);
      assert.equal(yes.body.data.isVerified, true);
      const no = await root.put<ItemBody>(MEMBERS_API.verify(m._id), { verified: false });
      assert.equal(no.body.data.isVerified, false);
      assert.equal((await root.put(MEMBERS_API.verify(m._id), { verified: 'yes' })).status, 400);
      assert.equal((await root.put(MEMBERS_API.verify(MISSING), { verified: true })).status, 404);
      const actions = (await auditActions(m._id)).map((e) => e.action);
      assert.deepEqual(actions.slice(-2), ['member.verified', 'member.unverified']);
    });

    test('revoke deletes the member with code 200', async () => {
      const m = (await root.get<ListBody>(MEMBERS_API.list)).body.data[0];
      const res = await root.delete<ItemBody>(MEMBERS_API.one(m._id));
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 200);
      assert.equal(res.body.data._id, m._id);
      assert.equal((await root.delete(MEMBERS_API.one(m._id))).status, 404);
      assert.ok(!(await root.get<ListBody>(MEMBERS_API.list)).body.data.some((x) => x._id === m._id));
      assert.equal((await auditActions(m._id)).at(-1)?.action, 'member.deleted');
    });

    test('admins and editors get 403 from every members route, anonymous callers 401, and nothing is written', async () => {
      const before = await count();
      const id = (await root.get<ListBody>(MEMBERS_API.list)).body.data[0]._id;
      const anonymous = client(server.url);
      for (const caller of [admin, editor, anonymous]) {
        const answers = [
          await caller.get(MEMBERS_API.list),
          await caller.post(MEMBERS_API.list, { ...member, email: 'sneaky@example.sg' }),
          await caller.patch(MEMBERS_API.one(id), { fName: 'Sneaky' }),
          await caller.delete(MEMBERS_API.one(id)),
          await caller.put(MEMBERS_API.verify(id), { verified: true }),
        ];
        const want = caller === anonymous ? 401 : 403;
        assert.deepEqual(
          answers.map((a) => a.status),
          [want, want, want, want, want],
        );
      }
      assert.equal(await count(), before);
      const stored = await server.app.db
        .selectFrom('members')
        .select('first_name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.notEqual(stored.first_name, 'Sneaky');
    });
  });
}
