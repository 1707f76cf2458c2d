import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../test/support/databases';
import { GOOGLE_MODE_ENV, startTestServer, type TestServer } from '../../test/support/server';
import { CookieJar, getJson, signIn } from '../../test/support/sign-in';
import { loadConfig } from '../config';
import { cookiePolicy } from './routes';

for (const engine of engines()) {
  describe(`sign-in over OpenID Connect (${engine})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine);
    });
    after(async () => server.stop());

    test('anonymous callers get 401 from /api/protected', async () => {
      const res = await getJson(`${server.url}/api/protected`);
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { code: 401, message: 'Please sign in to continue.' });
    });

    test('/api/auth/session answers anyone: null without a session, the account with one, never stored', async () => {
      const anonymous = await fetch(`${server.url}/api/auth/session`);
      assert.equal(anonymous.status, 200);
      assert.equal(anonymous.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await anonymous.json(), { user: null });

      const { jar } = await signIn(server.url, {
        email: 'session@example.sg',
        givenName: 'Siti',
        familyName: 'Aminah',
      });
      const signedIn = await getJson(`${server.url}/api/auth/session`, jar);
      assert.equal(signedIn.status, 200);
      const me = await getJson(`${server.url}/api/protected`, jar);
      assert.deepEqual(signedIn.body, { user: me.body });

      await fetch(`${server.url}/api/auth/google/logout`, { headers: { cookie: jar.header() } });
      assert.deepEqual((await getJson(`${server.url}/api/auth/session`, jar)).body, { user: null });
    });

    test('a new account starts with rights none and lands on the dashboard', async () => {
      const { jar, landedAt } = await signIn(server.url, {
        email: 'Nurul@Example.sg',
        givenName: 'Nurul',
        familyName: 'Huda',
      });
      assert.equal(landedAt, `${server.url}/dashboard`);
      const me = await getJson(`${server.url}/api/protected`, jar);
      assert.equal(me.status, 200);
      assert.deepEqual(
        { ...(me.body as object), _id: 'x' },
        {
          _id: 'x',
          fName: 'Nurul',
          lName: 'Huda',
          email: 'nurul@example.sg',
          rights: 'none',
          activated: true,
        },
      );
    });

    test('SUPERADMIN_EMAILS become superadmin', async () => {
      const { jar } = await signIn(server.url, { email: 'root@example.sg', givenName: 'Root' });
      const me = await getJson(`${server.url}/api/protected`, jar);
      assert.equal((me.body as { rights: string }).rights, 'superadmin');
    });

    test('an unverified email is refused and opens no session', async () => {
      const { jar, landedAt } = await signIn(server.url, { email: 'unverified@example.sg', emailVerified: false });
      assert.equal(landedAt, `${server.url}/login?error=unverified`);
      assert.equal((await getJson(`${server.url}/api/protected`, jar)).status, 401);
    });

    test('a callback without the pending sign-in cookie (forged or replayed) is refused', async () => {
      const res = await fetch(`${server.url}/api/auth/google/callback?code=abc&state=def`, { redirect: 'manual' });
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), `${server.url}/login?error=expired`);
      assert.equal(
        res.headers.getSetCookie().some((c) => c.startsWith('un_session=') && !c.startsWith('un_session=;')),
        false,
      );
    });

    test('a tampered state is refused', async () => {
      const jar = new CookieJar();
      const start = await fetch(`${server.url}/api/auth/google`, { redirect: 'manual' });
      jar.store(start);
      const authorizeUrl = new URL(start.headers.get('location') as string);
      assert.equal(authorizeUrl.searchParams.get('code_challenge_method'), 'S256');
      assert.ok(authorizeUrl.searchParams.get('nonce'));
      authorizeUrl.searchParams.set('state', 'attacker-state');
      const authorize = await fetch(authorizeUrl, {
        redirect: 'manual',
        headers: {
          cookie: `test_identity=${Buffer.from(JSON.stringify({ email: 'x@example.sg' })).toString('base64url')}`,
        },
      });
      const callback = await fetch(authorize.headers.get('location') as string, {
        redirect: 'manual',
        headers: { cookie: jar.header() },
      });
      assert.equal(callback.headers.get('location'), `${server.url}/login?error=failed`);
    });

    test('the session cookie is HttpOnly, SameSite=Lax, for the whole site, not Secure over plain http', async () => {
      const { sessionCookie } = await signIn(server.url, { email: 'flags@example.sg' });
      const flags = (sessionCookie ?? '').split(';').map((f) => f.trim().toLowerCase());
      assert.ok(flags.includes('httponly'), sessionCookie);
      assert.ok(flags.includes('samesite=lax'), sessionCookie);
      assert.ok(flags.includes('path=/'), sessionCookie);
      // Secure only behind https (cookiePolicy): this test server's PUBLIC_URL is http://127.0.0.1.
      assert.ok(!flags.includes('secure'), sessionCookie);
    });

    test('the pending sign-in cookie is HttpOnly and SameSite=Lax; the session cookie is rotated on every sign-in', async () => {
      const first = await signIn(server.url, { email: 'rotate@example.sg' });
      const oldCookie = first.jar.header();
      const second = await signIn(server.url, { email: 'rotate@example.sg' }, first.jar);
      assert.notEqual(second.jar.header(), oldCookie);
      assert.equal((await fetch(`${server.url}/api/protected`, { headers: { cookie: oldCookie } })).status, 401);
      assert.equal((await getJson(`${server.url}/api/protected`, second.jar)).status, 200);
      const res = await fetch(`${server.url}/api/auth/google`, { redirect: 'manual' });
      const pending = res.headers.getSetCookie().find((c) => c.startsWith('un_signin='));
      assert.match(pending ?? '', /HttpOnly/);
      assert.match(pending ?? '', /SameSite=Lax/);
    });

    test('changed rights apply to an open session at its next call', async () => {
      const { jar } = await signIn(server.url, { email: 'promote@example.sg' });
      await server.app.db
        .updateTable('users')
        .set({ rights: 'editor' })
        .where('email', '=', 'promote@example.sg')
        .execute();
      const me = await getJson(`${server.url}/api/protected`, jar);
      assert.equal((me.body as { rights: string }).rights, 'editor');
    });

    test('logout ends the session on the server', async () => {
      const { jar } = await signIn(server.url, { email: 'leaver@example.sg' });
      const cookieBefore = jar.header();
      const res = await fetch(`${server.url}/api/auth/google/logout`, { headers: { cookie: cookieBefore } });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { code: 200, message: 'Signed out' });
      assert.equal((await fetch(`${server.url}/api/protected`, { headers: { cookie: cookieBefore } })).status, 401);
    });

    test('a sign-up and a change of rights at sign-in are written to the audit log, naming the account', async () => {
      const { db } = server.app;
      const userOf = (email: string) =>
        db.selectFrom('users').select(['id', 'rights']).where('email', '=', email).executeTakeFirstOrThrow();
      const auditOf = (id: string) =>
        db
          .selectFrom('audit_log')
          .select(['action', 'before', 'after'])
          .where('entity', '=', 'user')
          .where('entity_id', '=', id)
          .orderBy('at')
          .execute();
      await signIn(server.url, { email: 'audited@example.sg' });
      const created = await userOf('audited@example.sg');
      assert.deepEqual(
        (await auditOf(created.id)).map((r) => r.action),
        ['user.created', 'user.signed-in'],
      );
      // root@example.sg is in the test server's SUPERADMIN_EMAILS: rights taken away by hand come back at sign-in.
      await signIn(server.url, { email: 'root@example.sg' });
      const root = await userOf('root@example.sg');
      await db.updateTable('users').set({ rights: 'editor' }).where('id', '=', root.id).execute();
      await signIn(server.url, { email: 'root@example.sg' });
      assert.equal((await userOf('root@example.sg')).rights, 'superadmin');
      const change = (await auditOf(root.id)).find((r) => r.action === 'user.rights-from-superadmin-emails');
      assert.deepEqual(
        [JSON.parse(change?.before ?? 'null'), JSON.parse(change?.after ?? 'null')],
        [{ rights: 'editor' }, { rights: 'superadmin' }],
      );
    });
  });
}

test('cookies are Secure behind https, and SameSite=None only for a shell on another site', () => {
  const policy = (env: Record<string, string>) =>
    cookiePolicy(loadConfig({ NODE_ENV: 'test', ...GOOGLE_MODE_ENV, ...env }));
  assert.deepEqual(policy({ PUBLIC_URL: 'https://notify.example.sg' }), { secure: true, sameSite: 'lax' });
  assert.deepEqual(policy({ PUBLIC_URL: 'http://127.0.0.1:3000' }), { secure: false, sameSite: 'lax' });
  assert.deepEqual(policy({ PUBLIC_URL: 'https://api.example.sg', CORS_ORIGINS: 'https://dashboard.other.sg' }), {
    secure: true,
    sameSite: 'none',
  });
});
