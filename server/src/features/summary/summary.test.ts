import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  EVENT_PATHS,
  JANAZA_PATHS,
  MEMBERS_API,
  SUBSCRIBERS_API,
  SUMMARY_API,
  type Summary,
  summarySchema,
} from '@ummahnotify/domain';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { signIn } from '../../../test/support/sign-in';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import { countSummaryDirectly } from '../../../test/support/summary-direct-count';

type SummaryBody = { code: number; data: Summary[] };
type Created = { code: number; data: { _id: string } };

/** docs/product/data.md#summary, as a list of paths: the answer must have exactly these, no more, no fewer. */
const SPEC_FIELDS = [
  'janazah.total',
  'events.total',
  'subscribers.web.total',
  'subscribers.web.janaza',
  'subscribers.web.events',
  'subscribers.email',
  'subscribers.whatsapp',
  'subscribers.telegram',
  'totalMembers.total',
  'totalMembers.masjid',
  'totalMembers.partners',
  'totalMembers.members',
  'totalAdministrators.total',
  'totalAdministrators.admins',
  'totalAdministrators.editors',
  'totalAdministrators.superadmins',
  'updatedAt',
].sort();

function leafPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
}

const withoutTime = ({ updatedAt: _, ...rest }: Summary) => rest;

for (const engine of engines()) {
  describe(`summary (${engine})`, () => {
    let server: TestServer;
    let root: ReturnType<typeof client>;
    let admin: ReturnType<typeof client>;
    let editor: ReturnType<typeof client>;

    const summary = async () => {
      const res = await root.get<SummaryBody>(SUMMARY_API.summary);
      assert.equal(res.status, 200);
      return res.body.data[0];
    };
    /** The summary must equal the tables counted directly, whatever happened before. */
    const assertMatchesDatabase = async () => {
      const answered = await summary();
      assert.deepEqual(withoutTime(answered), withoutTime(await countSummaryDirectly(server.app.db)));
      return answered;
    };

    before(async () => {
      server = await startTestServer(engine);
      root = client(server.url, (await signIn(server.url, { email: 'root@example.sg' })).jar);
      const staff = async (email: string, rights: string) => {
        const { jar } = await signIn(server.url, { email });
        await server.app.db.updateTable('users').set({ rights }).where('email', '=', email).execute();
        return client(server.url, jar);
      };
      admin = await staff('admin@example.sg', 'admin');
      editor = await staff('editor@example.sg', 'editor');
    });
    after(async () => server.stop());

    test('answers {code: 200, data: [summary]} with exactly the fields of docs/product/data.md', async () => {
      const asked = Date.now();
      const res = await root.get<SummaryBody>(SUMMARY_API.summary);
      const answered = Date.now();
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 200);
      assert.equal(res.body.data.length, 1);
      assert.deepEqual(leafPaths(res.body.data[0]).sort(), SPEC_FIELDS);
      summarySchema.parse(res.body.data[0]);
      for (const path of SPEC_FIELDS.filter((p) => p !== 'updatedAt')) {
        const value = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], res.body.data[0]);
        assert.equal(typeof value, 'number', `${path} is a number`);
      }
      const updatedAt = Date.parse(res.body.data[0].updatedAt);
      assert.ok(asked <= updatedAt && updatedAt <= answered, `updatedAt is the time of the call: ${updatedAt}`);
    });

    test('is for superadmins only: admins and editors get 403, no session 401', async () => {
      assert.equal((await admin.get(SUMMARY_API.summary)).status, 403);
      assert.equal((await editor.get(SUMMARY_API.summary)).status, 403);
      assert.equal((await client(server.url).get(SUMMARY_API.summary)).status, 401);
    });

    test('counts administrators by their current rights: superadmin, admin, editor', async () => {
      const s = await assertMatchesDatabase();
      // root (superadmin), admin@ and editor@ signed in above.
      assert.deepEqual(s.totalAdministrators, { total: 3, admins: 1, editors: 1, superadmins: 1 });
      await server.app.db
        .updateTable('users')
        .set({ rights: 'none' })
        .where('email', '=', 'editor@example.sg')
        .execute();
      assert.deepEqual((await assertMatchesDatabase()).totalAdministrators, {
        total: 2,
        admins: 1,
        editors: 0,
        superadmins: 1,
      });
      await server.app.db
        .updateTable('users')
        .set({ rights: 'editor' })
        .where('email', '=', 'editor@example.sg')
        .execute();
      // A new sign-in without rights counts nowhere.
      await signIn(server.url, { email: 'someone@example.sg' });
      assert.deepEqual((await assertMatchesDatabase()).totalAdministrators, {
        total: 3,
        admins: 1,
        editors: 1,
        superadmins: 1,
      });
    });

    test('every number follows creating and deleting a member, a notice, an event and a subscriber', async () => {
      const start = await assertMatchesDatabase();

      const masjid = await root.post<Created>(MEMBERS_API.list, {
        fName: 'Masjid',
        lName: 'Darul Makmur',
        email: 'office@darulmakmur.example.sg',
        postal: '768928',
        position: 'masjid',
        businessName: 'Masjid Darul Makmur',
        contact: '62571054',
      });
      assert.equal(masjid.status, 200, JSON.stringify(masjid.body));
      const afterMember = await assertMatchesDatabase();
      assert.equal(afterMember.totalMembers.total, start.totalMembers.total + 1);
      assert.equal(afterMember.totalMembers.masjid, start.totalMembers.masjid + 1);
      assert.equal(afterMember.totalMembers.members, start.totalMembers.members);

      const notice = await editor.post<Created>(JANAZA_PATHS.notices, {
        provider: masjid.body.data._id,
        name: 'Haji Osman bin Abdullah',
        age: 78,
        postal: '768928',
        dueDate: new Date(Date.now() + 6 * 3600_000).toISOString(),
      });
      assert.equal(notice.status, 201, JSON.stringify(notice.body));
      assert.equal((await assertMatchesDatabase()).janazah.total, start.janazah.total + 1);

      const event = await admin.post<Created>(EVENT_PATHS.list, {
        heading: 'Youth Qiyamullail',
        headingTa: 'இளைஞர் கியாமுல்லைல்',
        dateTime: new Date(Date.now() + 7 * 86400_000).toISOString(),
      });
      assert.equal(event.status, 201, JSON.stringify(event.body));
      assert.equal((await assertMatchesDatabase()).events.total, start.events.total + 1);

      // Public sign-up comes with the delivery engine; here the subscriber is written as sign-up will.
      const subscriber = newSubscriber({ channel: 'webpush', topic_events: 0, confirmed: 1 });
      await server.app.db.insertInto('subscribers').values(subscriber).execute();
      const afterSubscriber = await assertMatchesDatabase();
      assert.deepEqual(afterSubscriber.subscribers.web, {
        total: start.subscribers.web.total + 1,
        janaza: start.subscribers.web.janaza + 1,
        events: start.subscribers.web.events,
      });
      const email = newSubscriber({ channel: 'email', confirmed: 0 });
      await server.app.db.insertInto('subscribers').values(email).execute();
      assert.equal(
        (await assertMatchesDatabase()).subscribers.email,
        start.subscribers.email,
        'an unconfirmed email reaches no one yet',
      );
      await server.app.db.updateTable('subscribers').set({ confirmed: 1 }).where('id', '=', email.id).execute();
      assert.equal((await assertMatchesDatabase()).subscribers.email, start.subscribers.email + 1);

      const deactivated = await root.post(SUBSCRIBERS_API.update, { id: subscriber.id, active: false });
      assert.equal(deactivated.status, 200, JSON.stringify(deactivated.body));
      assert.deepEqual((await assertMatchesDatabase()).subscribers.web, start.subscribers.web);
      await server.app.db.deleteFrom('subscribers').where('id', '=', email.id).execute();

      assert.equal((await editor.delete(JANAZA_PATHS.notice(notice.body.data._id))).status, 200);
      assert.equal((await admin.delete(EVENT_PATHS.one(event.body.data._id))).status, 200);
      assert.equal((await root.delete(MEMBERS_API.one(masjid.body.data._id))).status, 200);
      assert.deepEqual(withoutTime(await assertMatchesDatabase()), withoutTime(start));
    });
  });
}
