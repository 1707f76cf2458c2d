import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { engines, freshDatabase } from '../../test/support/databases';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';

/**
 * SESSION_SECRET_PREVIOUS (README "Secrets"): after SESSION_SECRET changes, a cookie signed with the old secret is
 * accepted while the old secret is given as SESSION_SECRET_PREVIOUS, and is signed again with the new one at its first
 * use; without it, the old cookie is refused. Three servers in turn on one database, so the sessions themselves
 * (the table) stay, and only the secrets change.
 */
const FIRST = 'the-first-session-secret-0123456789abcdef';
const SECOND = 'the-second-session-secret-0123456789abcdef';
const OTHER = 'a-secret-that-signed-nothing-0123456789abcdef';

/** The `un_session=<value>` pair of a Set-Cookie line (what a browser sends back), and the line's Expires. */
function sessionPair(setCookies: string[]): { pair: string; expires: string | undefined } | undefined {
  const line = setCookies.find((c) => c.startsWith('un_session='));
  if (!line) return undefined;
  return { pair: line.split(';')[0], expires: /;\s*expires=([^;]+)/i.exec(line)?.[1] };
}

async function signedIn(server: TestServer, email: string) {
  const { sessionCookie } = await signIn(server.url, { email });
  const session = sessionPair(sessionCookie ? [sessionCookie] : []);
  assert.ok(session, 'the sign-in sets the session cookie');
  return session;
}

/** GET /api/protected with only this cookie: the status, and the session cookie the answer sets, if any. */
async function protectedWith(server: TestServer, pair: string) {
  const res = await fetch(`${server.url}/api/protected`, { headers: { cookie: pair } });
  await res.arrayBuffer();
  return { status: res.status, renewed: sessionPair(res.headers.getSetCookie()) };
}

for (const engine of engines()) {
  describe(`a session secret's rotation with SESSION_SECRET_PREVIOUS (${engine})`, () => {
    test('the old secret verifies while it is the previous one, new cookies carry the new one, and without it the old cookie is refused', async () => {
      const database = await freshDatabase(engine);
      try {
        const first = await startTestServer(engine, { SESSION_SECRET: FIRST }, { database });
        let before: { pair: string; expires: string | undefined };
        try {
          before = await signedIn(first, 'rotation.before@example.sg');
          const used = await protectedWith(first, before.pair);
          assert.equal(used.status, 200);
          assert.equal(used.renewed, undefined, 'a cookie signed with the current secret is not set again');
        } finally {
          await first.stop();
        }

        const rotating = await startTestServer(
          engine,
          { SESSION_SECRET: SECOND, SESSION_SECRET_PREVIOUS: FIRST },
          { database },
        );
        let renewed: { pair: string; expires: string | undefined };
        let after: { pair: string; expires: string | undefined };
        try {
          const used = await protectedWith(rotating, before.pair);
          assert.equal(used.status, 200, 'the cookie signed with SESSION_SECRET_PREVIOUS is accepted');
          assert.ok(used.renewed, 'and is signed again in the answer');
          renewed = used.renewed;
          // A signed cookie is <value>.<signature>: the session token (base64url, no dot), then the HMAC.
          const token = before.pair.slice('un_session='.length).split('.')[0];
          assert.ok(renewed.pair.startsWith(`un_session=${token}.`), 'the same session');
          assert.notEqual(renewed.pair, before.pair, 'with another signature');
          assert.equal(renewed.expires, before.expires, 'ending when the session ends, as before');
          const again = await protectedWith(rotating, renewed.pair);
          assert.equal(again.status, 200);
          assert.equal(again.renewed, undefined, 'a renewed cookie is not set again');
          after = await signedIn(rotating, 'rotation.after@example.sg');
        } finally {
          await rotating.stop();
        }

        // The rotation is over: SESSION_SECRET_PREVIOUS is gone (or holds something else).
        for (const previous of [{}, { SESSION_SECRET_PREVIOUS: OTHER }] as Record<string, string>[]) {
          const done = await startTestServer(engine, { SESSION_SECRET: SECOND, ...previous }, { database });
          try {
            const label = JSON.stringify(previous);
            assert.equal((await protectedWith(done, before.pair)).status, 401, `the old cookie is refused ${label}`);
            assert.equal((await protectedWith(done, renewed.pair)).status, 200, `the renewed cookie works ${label}`);
            assert.equal((await protectedWith(done, after.pair)).status, 200, `a new sign-in's cookie works ${label}`);
          } finally {
            await done.stop();
          }
        }
      } finally {
        await database.drop();
      }
    });
  });
}
