import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startDemoServer } from '../../test/support/demo-server';
import { CookieJar } from '../../test/support/sign-in';

describe('demo mode: the in-process OpenID Connect issuer', () => {
  let demo: Awaited<ReturnType<typeof startDemoServer>>;
  before(async () => {
    demo = await startDemoServer();
  });
  after(async () => demo.stop());

  async function signInAs(account: string) {
    const jar = new CookieJar();
    const start = await fetch(`${demo.url}/api/auth/google`, { redirect: 'manual' });
    jar.store(start);
    const authorizeUrl = new URL(start.headers.get('location') as string);
    assert.equal(authorizeUrl.origin + authorizeUrl.pathname, `${demo.url}/demo-oidc/authorize`);
    const page = await fetch(authorizeUrl);
    const html = await page.text();
    assert.match(html, /Demo sign-in/);
    assert.match(html, new RegExp(account));
    const form = new URLSearchParams(authorizeUrl.searchParams);
    form.set('account', account);
    const chosen = await fetch(`${demo.url}/demo-oidc/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: demo.url },
      body: form,
    });
    assert.equal(chosen.status, 302);
    const callback = await fetch(chosen.headers.get('location') as string, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.store(callback);
    return { jar, landedAt: callback.headers.get('location') };
  }

  test('picking a seeded demo account signs in with its rights', async () => {
    const { jar, landedAt } = await signInAs('admin@demo.ummahnotify.invalid');
    assert.equal(landedAt, `${demo.url}/dashboard`);
    const me = await (await fetch(`${demo.url}/api/protected`, { headers: { cookie: jar.header() } })).json();
    assert.equal(me.rights, 'admin');
    assert.equal(me.fName, 'Farid');
  });

  test('the runtime config says demo mode', async () => {
    const cfg = await (await fetch(`${demo.url}/app-config.json`)).json();
    assert.equal(cfg.demo, true);
    assert.equal(cfg.remotes.janaza, '/remotes/janaza/mf-manifest.json');
  });

  test('a code is good once, and only with its PKCE verifier', async () => {
    const res = await fetch(`${demo.url}/demo-oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'made-up', code_verifier: 'x' }),
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'invalid_grant' });
  });

  test('a state-changing call from another site is refused before anything runs', async () => {
    const res = await fetch(`${demo.url}/demo-oidc/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'account=superadmin@demo.ummahnotify.invalid',
    });
    assert.equal(res.status, 403);
    assert.match((await res.json()).message, /not allowed to change data/);
  });
});
