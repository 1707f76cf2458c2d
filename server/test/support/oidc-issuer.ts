import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/** Who the local issuer says signed in. Tests put it in a cookie on the issuer, as Google keeps its own sign-in. */
export interface TestIdentity {
  email: string;
  givenName?: string;
  familyName?: string;
  emailVerified?: boolean;
  /** The issuer's subject for this person (default: derived from the email). */
  sub?: string;
}

/** The OAuth client registered with the issuer, as one is registered in Google's console. */
export interface TestClient {
  id: string;
  secret: string;
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

/** What the authorization request said, kept with the code it was answered with. */
interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  codeChallengeMethod: string;
  identity: TestIdentity | undefined;
  /** When the code was given (the issuer's clock). */
  issuedAt: number;
}

/** RFC 6749 §4.1.2: "A maximum authorization code lifetime of 10 minutes is RECOMMENDED." */
const CODE_LIFETIME_MS = 10 * 60 * 1000;

interface Refusal {
  status: number;
  error: string;
  description: string;
  headers?: Record<string, string>;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The client's credentials at the token endpoint: client_secret_basic (the Authorization header,
 * id and secret form-urlencoded, RFC 6749 §2.3.1) or client_secret_post (client_id and client_secret
 * in the body), the two methods Google's discovery document lists. A client uses one method only.
 */
function authenticate(req: IncomingMessage, form: URLSearchParams, client: TestClient): Refusal | null {
  const header = req.headers.authorization;
  const basic = header?.match(/^Basic\s+(\S+)$/i);
  const posted = form.has('client_secret');
  if (basic && posted) {
    return { status: 400, error: 'invalid_request', description: 'more than one client authentication method' };
  }
  let id: string | undefined;
  let secret: string | undefined;
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString();
    const colon = decoded.indexOf(':');
    const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    if (colon > 0) [id, secret] = [unform(decoded.slice(0, colon)), unform(decoded.slice(colon + 1))];
  } else {
    id = form.get('client_id') ?? undefined;
    secret = form.get('client_secret') ?? undefined;
  }
  if (id === client.id && secret !== undefined && same(secret, client.secret)) return null;
  // RFC 6749 §5.2: invalid_client, 401; with the WWW-Authenticate header when the header was used.
  return {
    status: 401,
    error: 'invalid_client',
    description: 'client authentication failed',
    headers: basic ? { 'www-authenticate': 'Basic realm="token"' } : undefined,
  };
}

/** RFC 7636 §4.6: the verifier's S256 (or plain) transform must equal the code_challenge sent at /authorize. */
function verifierMatches(grant: Grant, verifier: string | null): boolean {
  if (grant.codeChallenge === undefined) return true;
  if (!verifier) return false;
  const derived =
    grant.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return same(derived, grant.codeChallenge);
}

/**
 * A real OpenID Connect issuer on 127.0.0.1 (oauth2-mock-server): discovery, PKCE, nonce, RS256 ID
 * tokens. The identity of each authorization code comes from the browser's cookie at /authorize.
 *
 * In front of the library's endpoints it refuses what a provider refuses (RFC 6749 §4.1.2, §4.1.3,
 * §5.2, https://datatracker.ietf.org/doc/html/rfc6749; RFC 7636 §4.6,
 * https://datatracker.ietf.org/doc/html/rfc7636#section-4.6; Google's token endpoint,
 * https://developers.google.com/identity/openid-connect/openid-connect#exchangecode):
 * an /authorize for a client it does not know; at /token a client that does not authenticate with its
 * secret (401 invalid_client), an unknown code or one already used, a redirect_uri other than the
 * authorization request's, a PKCE code_verifier missing or not matching the code_challenge, and a code
 * older than 10 minutes (400 invalid_grant). `now` is its clock (tests move it to age a code).
 */
export async function startTestIssuer({
  port = 0,
  client,
  now = Date.now,
}: {
  port?: number;
  client: TestClient;
  now?: () => number;
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  const grants = new Map<string, Grant>();
  /** The identity each accepted token request is answered for (its code is gone by then). */
  const tokenRequests = new WeakMap<IncomingMessage, TestIdentity>();

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get('code');
    if (!code) return;
    const query = new URL(req.url ?? '/', 'http://issuer').searchParams;
    grants.set(code, {
      clientId: query.get('client_id') ?? '',
      redirectUri: query.get('redirect_uri') ?? '',
      codeChallenge: query.get('code_challenge') ?? undefined,
      codeChallengeMethod: query.get('code_challenge_method') ?? 'plain',
      identity: identityFrom(req),
      issuedAt: now(),
    });
  });
  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: IncomingMessage) => {
    const identity = tokenRequests.get(req);
    if (!identity) return;
    Object.assign(token.payload, {
      sub: identity.sub ?? `sub-${identity.email}`,
      email: identity.email,
      email_verified: identity.emailVerified ?? true,
      given_name: identity.givenName ?? identity.email.split('@')[0],
      family_name: identity.familyName ?? 'Tester',
    });
  });

  const refuse = (res: ServerResponse, refusal: Refusal) => {
    res.writeHead(refusal.status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...refusal.headers,
    });
    res.end(JSON.stringify({ error: refusal.error, error_description: refusal.description }));
  };

  const tokenRefusal = (req: IncomingMessage, form: URLSearchParams): Refusal | null => {
    const unauthenticated = authenticate(req, form, client);
    if (unauthenticated) return unauthenticated;
    if (form.get('grant_type') !== 'authorization_code') {
      return { status: 400, error: 'unsupported_grant_type', description: 'only authorization_code' };
    }
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    // §4.1.2: a code is good once; §5.2: an unknown, used or foreign code is invalid_grant.
    grants.delete(code);
    if (!grant || grant.clientId !== client.id) {
      return { status: 400, error: 'invalid_grant', description: 'the code is unknown or was already used' };
    }
    if (now() - grant.issuedAt > CODE_LIFETIME_MS) {
      return { status: 400, error: 'invalid_grant', description: 'the code has expired' };
    }
    if (form.get('redirect_uri') !== grant.redirectUri) {
      return {
        status: 400,
        error: 'invalid_grant',
        description: 'redirect_uri differs from the authorization request',
      };
    }
    if (!verifierMatches(grant, form.get('code_verifier'))) {
      return { status: 400, error: 'invalid_grant', description: 'the code_verifier is missing or does not match' };
    }
    if (grant.identity) tokenRequests.set(req, grant.identity);
    return null;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, { status: 400, error: 'invalid_request', description: String(error) });
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://issuer');
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      // Google's own document lists these two client authentication methods (not the library's "none").
      const base = issuer.url as string;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/userinfo`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['plain', 'S256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          grant_types_supported: ['authorization_code'],
        }),
      );
      return;
    }
    if (req.method === 'GET' && url.pathname === '/authorize' && url.searchParams.get('client_id') !== client.id) {
      // §4.1.2.1: with an unknown client the issuer must not redirect; Google shows "Error 401: invalid_client".
      refuse(res, { status: 401, error: 'invalid_client', description: 'The OAuth client was not found.' });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const refusal = tokenRefusal(req, form);
      if (refusal) {
        refuse(res, refusal);
        return;
      }
      // The body is read: the library's parser sees a finished request and takes this one.
      (req as IncomingMessage & { body?: unknown }).body = Object.fromEntries(form);
    }
    service.requestHandler(req, res);
  };
  await new Promise<void>((resolve, reject) => server.listen(port, '127.0.0.1', resolve).once('error', reject));
  // The address it listens on, so the issuer in discovery and the ID tokens matches OIDC_ISSUER.
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = url;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
