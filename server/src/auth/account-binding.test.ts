import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines, freshDatabase } from '../../test/support/databases';
import { startTestIssuer } from '../../test/support/oidc-issuer';
import { freePort, GOOGLE_MODE_ENV, startTestServer, TEST_CLIENT, type TestServer } from '../../test/support/server';
import { getJson, signIn } from '../../test/support/sign-in';
import { staffJar } from '../../test/support/staff';
import { buildApp } from '../app';
import { loadConfig } from '../config';

for (const engine of engines()) {
  describe(`accounts are bound to their OpenID Connect subject (${engine})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine);
    });
    after(async () => server.stop());

    const audited = async (userId: string, action: string) =>
      (
        await server.app.db
          .selectFrom('audit_log')
          .select('action')
          .where('entity_id', '=', userId)
          .where('action', '=', action)
          .execute()
      ).length;
    const post = (path: string, cookie: string) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie, origin: server.url } });

    test('the same verified email from another Google account does not take over the account', async () => {
      const owner = await signIn(server.url, { email: 'chair@masjid.example.sg', sub: 'google-owner' });
      await server.app.db
        .updateTable('users')
        .set({ rights: 'admin' })
        .where('email', '=', 'chair@masjid.example.sg')
        .execute();

      const other = await signIn(server.url, { email: 'chair@masjid.example.sg', sub: 'google-newcomer' });
      assert.equal(other.landedAt, `${server.url}/login?error=account-bound`);
      assert.equal((await getJson(`${server.url}/api/protected`, other.jar)).status, 401, 'no session opened');

      const row = await server.app.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'chair@masjid.example.sg')
        .executeTakeFirstOrThrow();
      assert.equal(row.oidc_sub?.endsWith('|google-owner'), true, 'still bound to its owner');
      assert.equal(row.rights, 'admin');
      assert.equal(await audited(row.id, 'user.sign-in-refused'), 1, 'the refusal is logged');
      assert.equal((await getJson(`${server.url}/api/protected`, owner.jar)).status, 200, 'the owner keeps working');
    });

    test('committee rights never reach an email held by another Google account', async () => {
      await signIn(server.url, { email: 'treasurer@masjid.example.sg', sub: 'google-first' });
      const now = new Date().toISOString();
      await server.app.db
        .insertInto('committee_members')
        .values({
          id: crypto.randomUUID(),
          first_name: 'T',
          last_name: '',
          email: 'treasurer@masjid.example.sg',
          contact: '91234567',
          birth_date: '1980-01-01',
          postal: '123456',
          gender: 'male',
          rights: 'superadmin',
          position: 'treasurer',
          backend_user: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const recycled = await signIn(server.url, { email: 'treasurer@masjid.example.sg', sub: 'google-recycled' });
      assert.equal(recycled.landedAt, `${server.url}/login?error=account-bound`);
      assert.equal((await getJson(`${server.url}/api/protected`, recycled.jar)).status, 401);
    });

    test('a superadmin links the refused Google account on purpose; the previous owner is signed out', async () => {
      const before = await signIn(server.url, { email: 'secretary@masjid.example.sg', sub: 'google-old' });
      await signIn(server.url, { email: 'secretary@masjid.example.sg', sub: 'google-new' });
      const row = await server.app.db
        .selectFrom('users')
        .select(['id'])
        .where('email', '=', 'secretary@masjid.example.sg')
        .executeTakeFirstOrThrow();
      const linkPath = `/api/v1/admin/users/${row.id}/link-sign-in`;

      const admin = await staffJar(server, 'admin-link@example.sg', 'admin');
      assert.equal((await post(linkPath, admin.header())).status, 403, 'only a superadmin may link');

      const root = await signIn(server.url, { email: 'root@example.sg' });
      const waiting = await getJson(`${server.url}/api/v1/admin/users/refused-sign-ins`, root.jar);
      assert.deepEqual(
        (waiting.body as { data: { email: string }[] }).data.find((w) => w.email === 'secretary@masjid.example.sg')
          ?.email,
        'secretary@masjid.example.sg',
        'the superadmin sees the account waiting',
      );
      const linked = await post(linkPath, root.jar.header());
      assert.equal(linked.status, 200);
      assert.equal(((await linked.json()) as { data: { email: string } }).data.email, 'secretary@masjid.example.sg');
      assert.equal((await getJson(`${server.url}/api/protected`, before.jar)).status, 401, 'old sessions ended');

      const again = await post(linkPath, root.jar.header());
      assert.equal(again.status, 404, 'nothing waits to be linked any more');
      const after = await getJson(`${server.url}/api/v1/admin/users/refused-sign-ins`, root.jar);
      assert.equal(
        (after.body as { data: { email: string }[] }).data.some((w) => w.email === 'secretary@masjid.example.sg'),
        false,
      );

      const now = await signIn(server.url, { email: 'secretary@masjid.example.sg', sub: 'google-new' });
      assert.equal(now.landedAt, `${server.url}/dashboard`);
      const old = await signIn(server.url, { email: 'secretary@masjid.example.sg', sub: 'google-old' });
      assert.equal(old.landedAt, `${server.url}/login?error=account-bound`);
      assert.equal(await audited(row.id, 'user.sign-in-linked'), 1);
    });
  });

  test(`a demo-seeded database started with Google gives the demo addresses nothing (${engine})`, async () => {
    const database = await freshDatabase(engine);
    const issuer = await startTestIssuer({ client: TEST_CLIENT });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const base = {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
    };
    try {
      const demo = await buildApp(loadConfig(base), { logger: false });
      await demo.close();

      const lines: string[] = [];
      const app = await buildApp(
        loadConfig({
          ...base,
          OIDC_ISSUER: issuer.url,
          ...GOOGLE_MODE_ENV,
        }),
        { logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } },
      );
      try {
        await app.listen({ port, host: '127.0.0.1' });
        const warnings = lines.filter((l) => /demo account/.test(l));
        assert.equal(warnings.length, 1, 'start-up says so, once');
        assert.match(JSON.parse(warnings[0]).msg, /^4 demo account\(s\) in this database cannot sign in/);

        for (const email of ['superadmin@demo.ummahnotify.invalid', 'superadmin@demo.ummahnotify.sg']) {
          const attempt = await signIn(url, { email, sub: `attacker-${email}` });
          assert.equal(attempt.landedAt, `${url}/login?error=demo-account`, email);
          assert.equal((await getJson(`${url}/api/protected`, attempt.jar)).status, 401, email);
        }
        const seeded = await app.db
          .selectFrom('users')
          .select(['rights', 'oidc_sub'])
          .where('email', '=', 'superadmin@demo.ummahnotify.invalid')
          .executeTakeFirstOrThrow();
        assert.deepEqual(seeded, { rights: 'superadmin', oidc_sub: null }, 'the demo row stayed unclaimed');
      } finally {
        await app.close();
      }
    } finally {
      await issuer.stop();
      await database.drop();
    }
  });
}
