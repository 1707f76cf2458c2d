import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../test/support/databases';
import { startTestServer, type TestServer } from '../../test/support/server';
import { type CookieJar, getJson, signIn } from '../../test/support/sign-in';
import { staffJar } from '../../test/support/staff';

/** What a browser sends; the answers come from the rule in docs/product/rights.md#writes-and-cookies, not from the guard's code. */
for (const engine of engines()) {
  describe(`cookie-authenticated writes come from our own pages (${engine})`, () => {
    let server: TestServer;
    let editor: CookieJar;
    before(async () => {
      server = await startTestServer(engine, { CORS_ORIGINS: 'https://shell.example.sg' });
      editor = await staffJar(server, 'editor@origin.example.sg', 'editor');
    });
    after(async () => server.stop());

    const deleteEvent = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/v1/admin/events/00000000-0000-4000-8000-000000000000`, {
        method: 'DELETE',
        headers: { cookie: editor.header(), ...headers },
      });

    test('without Origin and without Sec-Fetch-Site: 403', async () => {
      const res = await deleteEvent({});
      assert.equal(res.status, 403);
      assert.match((await res.json()).message, /not allowed to change data/);
    });

    test('a foreign Origin, or Sec-Fetch-Site cross-site / same-site: 403', async () => {
      assert.equal((await deleteEvent({ origin: 'https://evil.example' })).status, 403);
      assert.equal((await deleteEvent({ 'sec-fetch-site': 'cross-site' })).status, 403);
      assert.equal((await deleteEvent({ 'sec-fetch-site': 'same-site' })).status, 403);
      assert.equal((await deleteEvent({ origin: 'null' })).status, 403);
    });

    test('an Origin from CORS_ORIGINS or PUBLIC_URL, or Sec-Fetch-Site same-origin, goes through to the route', async () => {
      // The event does not exist: the route itself answers 404, so the door let the request in.
      assert.equal((await deleteEvent({ origin: 'https://shell.example.sg' })).status, 404);
      assert.equal((await deleteEvent({ origin: server.url })).status, 404);
      assert.equal((await deleteEvent({ 'sec-fetch-site': 'same-origin' })).status, 404);
    });

    test('public sign-up without cookies keeps working without Origin', async () => {
      const res = await fetch(`${server.url}/api/public/signup/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'x' }),
      });
      assert.equal(res.status, 400, 'the route validated the body: the door let it in');
    });

    test('logout is refused cross-site and keeps the session; from the shell it signs out', async () => {
      const jar = (await signIn(server.url, { email: 'logout@origin.example.sg' })).jar;
      const cross = await fetch(`${server.url}/api/auth/google/logout`, {
        headers: { cookie: jar.header(), 'sec-fetch-site': 'cross-site' },
      });
      assert.equal(cross.status, 403);
      assert.equal((await getJson(`${server.url}/api/protected`, jar)).status, 200, 'still signed in');
      const own = await fetch(`${server.url}/api/auth/google/logout`, {
        headers: { cookie: jar.header(), 'sec-fetch-site': 'same-origin' },
      });
      assert.equal(own.status, 200);
      assert.equal((await getJson(`${server.url}/api/protected`, jar)).status, 401);
    });

    test("the login page's sign-out (a POST) is a write: refused from another site, the session kept; ours ends it", async () => {
      const jar = (await signIn(server.url, { email: 'post-logout@origin.example.sg' })).jar;
      const signOut = (headers: Record<string, string>) =>
        fetch(`${server.url}/api/auth/google/logout`, {
          method: 'POST',
          headers: { cookie: jar.header(), ...headers },
        });
      const fromElsewhere: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        {},
      ];
      for (const foreign of fromElsewhere) {
        const res = await signOut(foreign);
        assert.equal(res.status, 403, JSON.stringify(foreign));
        assert.equal((await getJson(`${server.url}/api/protected`, jar)).status, 200, 'still signed in');
      }
      const own = await signOut({ origin: server.url });
      assert.equal(own.status, 200);
      assert.equal((await getJson(`${server.url}/api/protected`, jar)).status, 401);
    });
  });
}
