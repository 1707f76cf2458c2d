import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../test/support/databases';
import { startTestServer, TEST_CLIENT, type TestServer } from '../../test/support/server';
import { getJson, signIn } from '../../test/support/sign-in';

/**
 * The sign-in sends the issuer what a strict provider needs: the client secret, the redirect_uri of the
 * authorization request and the PKCE verifier (server/test/peers/oidc-issuer.test.ts shows the issuer
 * refuses each one missing or wrong).
 */
for (const engine of engines()) {
  describe(`sign-in against a strict issuer (${engine})`, () => {
    let registered: TestServer;
    let misconfigured: TestServer;
    before(async () => {
      registered = await startTestServer(engine);
      misconfigured = await startTestServer(engine, { GOOGLE_CLIENT_SECRET: `${TEST_CLIENT.secret}-rotated` });
    });
    after(async () => {
      await registered?.stop();
      await misconfigured?.stop();
    });

    test('with the registered client the code is exchanged and the person is signed in', async () => {
      const { jar, landedAt } = await signIn(registered.url, { email: 'bilal@example.sg' });
      assert.equal(landedAt, `${registered.url}/dashboard`);
      assert.equal((await getJson(`${registered.url}/api/protected`, jar)).status, 200);
    });

    test('with a client secret the issuer does not know the sign-in fails and opens no session', async () => {
      const { jar, landedAt, sessionCookie } = await signIn(misconfigured.url, { email: 'bilal@example.sg' });
      assert.equal(landedAt, `${misconfigured.url}/login?error=failed`);
      assert.equal(sessionCookie, undefined);
      assert.equal((await getJson(`${misconfigured.url}/api/protected`, jar)).status, 401);
    });
  });
}
