import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { IDENTITY_COOKIE, identityCookieValue, startTestIssuer } from '../support/oidc-issuer';

const CLIENT = { id: 'issuer-test-client', secret: 'issuer-test-secret' };
const REDIRECT_URI = 'http://127.0.0.1:9/api/auth/callback';

interface TokenAnswer {
  status: number;
  body: { error?: string; id_token?: string };
  wwwAuthenticate: string | null;
}

/**
 * The tests' issuer refuses what an OAuth 2.0 / OpenID Connect provider refuses. The expected answers
 * are RFC 6749's (§4.1.2, §4.1.3, §5.2) and RFC 7636's (§4.6), not the issuer's own code.
 */
describe('the tests’ OpenID Connect issuer', () => {
  let issuer: Awaited<ReturnType<typeof startTestIssuer>>;
  /** The issuer's clock: real time plus what a test has moved it on. */
  let movedMs = 0;
  before(async () => {
    issuer = await startTestIssuer({ client: CLIENT, now: () => Date.now() + movedMs });
  });
  after(() => issuer.stop());

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  /** The browser's trip to /authorize: the issuer's answer (a redirect to the client with a code, or not). */
  const authorizeAnswer = (params: Record<string, string> = {}) => {
    const url = new URL(`${issuer.url}/authorize`);
    for (const [k, v] of Object.entries({
      client_id: CLIENT.id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...params,
    }))
      url.searchParams.set(k, v);
    return fetch(url, {
      redirect: 'manual',
      headers: { cookie: `${IDENTITY_COOKIE}=${identityCookieValue({ email: 'amina@example.sg' })}` },
    });
  };
  const code = async (params: Record<string, string> = {}) => {
    const answer = await authorizeAnswer(params);
    assert.equal(answer.status, 302);
    const given = new URL(answer.headers.get('location') as string).searchParams.get('code');
    assert.ok(given, 'the redirect carries a code');
    return given;
  };

  const token = async (
    fields: Record<string, string>,
    auth: 'post' | 'basic' | 'none' = 'post',
    secret = CLIENT.secret,
  ): Promise<TokenAnswer> => {
    const form = new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...fields });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (auth === 'post') {
      form.set('client_id', CLIENT.id);
      form.set('client_secret', secret);
    } else if (auth === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${CLIENT.id}:${secret}`).toString('base64')}`;
    } else {
      form.set('client_id', CLIENT.id);
    }
    const res = await fetch(`${issuer.url}/token`, { method: 'POST', headers, body: form });
    return {
      status: res.status,
      body: (await res.json()) as TokenAnswer['body'],
      wwwAuthenticate: res.headers.get('www-authenticate'),
    };
  };

  const idTokenEmail = (answer: TokenAnswer) => {
    const [, payload] = (answer.body.id_token ?? '').split('.');
    return (JSON.parse(Buffer.from(payload ?? '', 'base64url').toString() || '{}') as { email?: string }).email;
  };

  test('a code, the client secret in the body, the same redirect_uri and the verifier: an ID token', async () => {
    const answer = await token({ code: await code(), code_verifier: verifier });
    assert.equal(answer.status, 200);
    assert.equal(idTokenEmail(answer), 'amina@example.sg');
  });

  test('client_secret_basic is accepted as well', async () => {
    const answer = await token({ code: await code(), code_verifier: verifier }, 'basic');
    assert.equal(answer.status, 200);
    assert.equal(idTokenEmail(answer), 'amina@example.sg');
  });

  test('a code is good once: the second exchange is invalid_grant (RFC 6749 §4.1.2)', async () => {
    const once = await code();
    assert.equal((await token({ code: once, code_verifier: verifier })).status, 200);
    const again = await token({ code: once, code_verifier: verifier });
    assert.deepEqual([again.status, again.body.error], [400, 'invalid_grant']);
  });

  test('a code is good for 10 minutes: at 9 it is exchanged, past 10 it is invalid_grant (RFC 6749 §4.1.2)', async () => {
    const fresh = await code();
    const stale = await code();
    movedMs = 9 * 60 * 1000;
    const inTime = await token({ code: fresh, code_verifier: verifier });
    movedMs = 10 * 60 * 1000 + 1000;
    const late = await token({ code: stale, code_verifier: verifier });
    movedMs = 0;
    assert.equal(inTime.status, 200);
    assert.deepEqual([late.status, late.body.error], [400, 'invalid_grant']);
  });

  test('a code the issuer never gave is invalid_grant (RFC 6749 §5.2)', async () => {
    const answer = await token({ code: randomBytes(16).toString('hex'), code_verifier: verifier });
    assert.deepEqual([answer.status, answer.body.error], [400, 'invalid_grant']);
  });

  test('a wrong or missing client secret is 401 invalid_client, in the body or the header (RFC 6749 §5.2)', async () => {
    const wrongPosted = await token({ code: await code(), code_verifier: verifier }, 'post', 'not-the-secret');
    assert.deepEqual([wrongPosted.status, wrongPosted.body.error], [401, 'invalid_client']);
    const missing = await token({ code: await code(), code_verifier: verifier }, 'none');
    assert.deepEqual([missing.status, missing.body.error], [401, 'invalid_client']);
    const wrongBasic = await token({ code: await code(), code_verifier: verifier }, 'basic', 'not-the-secret');
    assert.deepEqual([wrongBasic.status, wrongBasic.body.error], [401, 'invalid_client']);
    assert.match(wrongBasic.wwwAuthenticate ?? '', /^Basic/, 'the header names the scheme the client used');
  });

  test('a redirect_uri other than the authorization request’s is invalid_grant (RFC 6749 §4.1.3)', async () => {
    const answer = await token({
      code: await code(),
      code_verifier: verifier,
      redirect_uri: 'http://127.0.0.1:9/elsewhere',
    });
    assert.deepEqual([answer.status, answer.body.error], [400, 'invalid_grant']);
  });

  test('with a code_challenge, a missing or wrong code_verifier is invalid_grant (RFC 7636 §4.6)', async () => {
    const missing = await token({ code: await code() });
    assert.deepEqual([missing.status, missing.body.error], [400, 'invalid_grant']);
    const wrong = await token({ code: await code(), code_verifier: randomBytes(32).toString('base64url') });
    assert.deepEqual([wrong.status, wrong.body.error], [400, 'invalid_grant']);
  });

  test('an unknown client at /authorize is not redirected anywhere (RFC 6749 §4.1.2.1)', async () => {
    const answer = await authorizeAnswer({ client_id: 'someone-else' });
    assert.equal(answer.headers.get('location'), null);
    assert.ok(answer.status >= 400, String(answer.status));
  });
});
