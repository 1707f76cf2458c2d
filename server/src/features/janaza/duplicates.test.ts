import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { duplicateNoticesAnswerSchema, JANAZA_PATHS } from '@ummahnotify/domain';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { insertMasjid, staffJar } from '../../../test/support/staff';
import { namesClose } from './duplicates';

/**
 * The duplicate warning (docs/product/rules.md#janaza-notice). The pairs below are how the community writes one person's name (or two
 * people's), judged by a reader, not by the code: link words, case, punctuation, spelling slips.
 */
describe('namesClose: the same person written two ways', () => {
  const same: [string, string][] = [
    ['Haji Ismail bin Osman', 'HAJI ISMAIL OSMAN'],
    ['Haji Ismail bin Osman', 'haji  ismail  b. osman'.replace(' b.', ' bin')],
    ['Aminah binte Yusof', 'Aminah bte. Yusoff'],
    ['Aminah binti Yusof', 'Aminah binte Yusof'],
    ['Ramasamy s/o Kandasamy', 'Ramasamy S/O Kandasamy'],
    ['Ramasamy s/o Kandasamy', 'Ramasamy Kandasamy'],
    ['Letchumi d/o Muthu', 'Letchumi D.O. Muthu'],
    ['Nur Aisyah', 'Nur Aishah'],
    ['Siti Aminah', 'Siti Aminah binte Yusof'],
    ['Abdul-Rahman bin Yusof', "Abdul Rahman b'n Yusof".replace("b'n", 'bin')],
    ['Zainab Osman', 'Osman, Zainab'],
    ['Haji Abdul Kadir bin Ismail', 'ABDUL KADIR B. ISMAIL'],
    ['Allahyarhamah Hajjah Rokiah binte Ahmad', 'Rokiah Ahmad'],
  ];
  const different: [string, string][] = [
    ['Abdul Kader', 'Siti Khadijah'],
    ['Abdul Rahman bin Hassan', 'Abdul Rahman bin Yusof'],
    ['Haji Ismail bin Osman', 'Hajjah Rokiah binte Ahmad'],
    ['Muhammad Ali', 'Muhammad Salleh'],
    ['Ahmad', 'Ahmad bin Said'],
  ];
  for (const [a, b] of same) test(`"${a}" ~ "${b}"`, () => assert.equal(namesClose(a, b), true));
  for (const [a, b] of different) test(`"${a}" differs from "${b}"`, () => assert.equal(namesClose(a, b), false));
});

type Reply = { code?: number; message?: string; data?: { _id: string }; duplicates?: unknown };

for (const engine of engines()) {
  describe(`duplicate warning on create (${engine})`, () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    let masjid: string;
    const DUE = '2030-05-01T16:08:00+08:00';

    const notice = (over: Record<string, unknown>) => ({
      provider: masjid,
      name: 'Haji Ismail bin Osman',
      age: 81,
      postal: '198833',
      dueDate: DUE,
      ...over,
    });
    const count = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('janaza_notices')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    before(async () => {
      server = await startTestServer(engine);
      api = client(server.url, await staffJar(server, 'editor@dup.example.sg', 'editor'));
      masjid = await insertMasjid(server.app.db);
    });
    after(async () => server?.stop());

    test('a close name due within 2 days: 409 with the matching notices; nothing written', async () => {
      const first = await api.post<Reply>(JANAZA_PATHS.notices, notice({ status: 'approved' }));
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const privateOne = await api.post<Reply>(
        JANAZA_PATHS.notices,
        notice({ name: 'Ismail Osman', isPrivacy: true, dueDate: '2030-05-02T13:00:00+08:00', confirmDuplicate: true }),
      );
      assert.equal(privateOne.status, 201);
      const before = await count();

      const again = await api.post<Reply>(
        JANAZA_PATHS.notices,
        notice({ name: 'HAJI ISMAIL OSMAN', dueDate: '2030-04-30T14:00:00+08:00' }),
      );
      assert.equal(again.status, 409, JSON.stringify(again.body));
      const body = duplicateNoticesAnswerSchema.parse(again.body);
      assert.match(body.message, /similar name/);
      assert.deepEqual(body.duplicates, [
        {
          _id: first.body.data?._id,
          name: 'Haji Ismail bin Osman',
          dueDate: '2030-05-01T08:08:00.000Z',
          status: 'approved',
        },
        // a private notice is named too: this answer only goes to staff with janaza rights
        {
          _id: privateOne.body.data?._id,
          name: 'Ismail Osman',
          dueDate: '2030-05-02T05:00:00.000Z',
          status: 'pending',
        },
      ]);
      assert.equal(await count(), before, 'the refused notice is not written');
    });

    test('binte / bte / binti and s/o variants of a name are caught', async () => {
      const made = await api.post<Reply>(JANAZA_PATHS.notices, notice({ name: 'Aminah binte Yusof' }));
      assert.equal(made.status, 201);
      for (const name of ['Aminah bte. Yusoff', 'aminah binti yusof']) {
        const res = await api.post<Reply>(JANAZA_PATHS.notices, notice({ name }));
        assert.equal(res.status, 409, name);
      }
      const tamil = await api.post<Reply>(
        JANAZA_PATHS.notices,
        notice({ name: 'Ramasamy s/o Kandasamy', confirmDuplicate: 'true' }),
      );
      assert.equal(tamil.status, 201);
      assert.equal(
        (await api.post<Reply>(JANAZA_PATHS.notices, notice({ name: 'RAMASAMY S/O KANDASAMY' }))).status,
        409,
      );
    });

    test('a far name, or a close one more than 2 days apart, is created at once', async () => {
      const far = await api.post<Reply>(JANAZA_PATHS.notices, notice({ name: 'Siti Khadijah binte Omar' }));
      assert.equal(far.status, 201, JSON.stringify(far.body));
      const later = await api.post<Reply>(
        JANAZA_PATHS.notices,
        notice({ name: 'Haji Ismail bin Osman', dueDate: '2030-05-04T16:09:00+08:00' }),
      );
      assert.equal(later.status, 201, '2 days and 1 minute after the first one: another death');
      const earlier = await api.post<Reply>(
        JANAZA_PATHS.notices,
        notice({ name: 'Haji Ismail bin Osman', dueDate: '2030-04-28T10:00:00+08:00' }),
      );
      assert.equal(earlier.status, 201);
    });

    test('confirmDuplicate: true ("Create anyway") creates it, as JSON or as a form field', async () => {
      const before = await count();
      const json = await api.post<Reply>(JANAZA_PATHS.notices, notice({ confirmDuplicate: true }));
      assert.equal(json.status, 201);
      const form = new FormData();
      for (const [k, v] of Object.entries(notice({ confirmDuplicate: 'true' }))) form.append(k, String(v));
      const res = await fetch(`${server.url}${JANAZA_PATHS.notices}`, {
        method: 'POST',
        headers: { cookie: (await staffJar(server, 'admin@dup.example.sg', 'admin')).header(), origin: server.url },
        body: form,
      });
      assert.equal(res.status, 201);
      assert.equal(await count(), before + 2);
      const refused = await api.post<Reply>(JANAZA_PATHS.notices, notice({ confirmDuplicate: 'maybe' }));
      assert.equal(refused.status, 400);
      assert.match(String(refused.body.message), /confirmDuplicate must be true or false/);
    });
  });
}
