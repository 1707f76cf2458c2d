import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/** Who the local issuer says signed in. Tests put it in a cookie on the issuer, as Google keeps its own sign-in. */
export interface TestIdentity {
  email: string;
  givenName?: string;
  familyName?: string;
  emailVerified?: boolean;
  /** The issuer's subject for this person (default: derived from the email). */
  sub?: string;
}

export const IDENTITY_COOKIE = 'test_identity';

export function identityCookieValue(id: TestIdentity): string {
  return Buffer.from(JSON.stringify(id)).toString('base64url');
}

function identityFrom(req: IncomingMessage): TestIdentity | undefined {
  const cookie = req.headers.cookie ?? '';
  const match = cookie.match(new RegExp(`${IDENTITY_COOKIE}=([^;]+)`));
  return match ? (JSON.parse(Buffer.from(match[1], 'base64url').toString()) as TestIdentity) : undefined;
}

/**
 * A real OpenID Connect issuer on 127.0.0.1 (oauth2-mock-server): discovery, PKCE, nonce, RS256 ID
 * tokens. The identity of each authorization code comes from the browser's cookie at /authorize.
 */
export async function startTestIssuer(port = 0): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const byCode = new Map<string, TestIdentity>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get('code');
    const identity = identityFrom(req);
    if (code && identity) byCode.set(code, identity);
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: Record<string, string> }) => {
      const identity = req.body?.code ? byCode.get(req.body.code) : undefined;
      if (!identity) return;
      Object.assign(token.payload, {
        sub: identity.sub ?? `sub-${identity.email}`,
        email: identity.email,
        email_verified: identity.emailVerified ?? true,
        given_name: identity.givenName ?? identity.email.split('@')[0],
        family_name: identity.familyName ?? 'Tester',
      });
    },
  );
  await server.start(port, '127.0.0.1');
  // The library names itself localhost; say 127.0.0.1, the address it listens on, so the issuer
  // in discovery matches the OIDC_ISSUER the server is given.
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;
  return { url, stop: () => server.stop() };
}
