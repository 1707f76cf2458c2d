import { createHash, randomBytes } from 'node:crypto';
import { API_PATHS } from '@ummahnotify/core';
import { DEMO_ACCOUNTS } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { Config } from '../config';
import { body } from '../web/errors';
import { renderAccountChooser } from './account-chooser';
import { BoundedMap } from './bounded-map';

interface Grant {
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  email: string;
}

const CODE_TTL_MS = 60_000;
const ACCESS_TOKEN_TTL_S = 300;
/** Codes and tokens kept at once: far above what demo visitors use, small enough for any memory. */
const MAX_ENTRIES = 1000;
const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Demo mode's OpenID Connect issuer, in-process at PUBLIC_URL/demo-oidc. It speaks the same protocol
 * as Google (discovery, authorization code with PKCE S256, RS256 ID tokens, JWKS), so sign-in runs
 * the same client code; the visitor picks a demo account instead of typing a password.
 * Registered only when no Google client is configured, and refused in production by config.
 */
export async function registerDemoIssuer(app: FastifyInstance, config: Config): Promise<void> {
  const issuer = config.oidc.issuer;
  const redirectUri = `${config.publicUrl}${API_PATHS.signInCallback}`;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'demo-1', alg: 'RS256', use: 'sig' };
  const grants = new BoundedMap<Grant>(MAX_ENTRIES, CODE_TTL_MS);
  const accessTokens = new BoundedMap<string>(MAX_ENTRIES, ACCESS_TOKEN_TTL_S * 1000);

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(text as string)));
    });

    scope.get('/demo-oidc/.well-known/openid-configuration', { config: { access: 'public' } }, async () => ({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/userinfo`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: ['sub', 'email', 'email_verified', 'given_name', 'family_name', 'name'],
    }));

    scope.get('/demo-oidc/jwks', { config: { access: 'public' } }, async () => ({ keys: [jwk] }));

    const checkRequest = (q: Record<string, string | undefined>) => {
      if (q.client_id !== config.oidc.clientId) return 'unknown client_id';
      if (q.redirect_uri !== redirectUri) return 'redirect_uri is not registered';
      if (q.response_type !== 'code') return 'only response_type=code is supported';
      if (!q.code_challenge || q.code_challenge_method !== 'S256') return 'PKCE with S256 is required';
      return null;
    };

    scope.get('/demo-oidc/authorize', { config: { access: 'public' } }, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const problem = checkRequest(q);
      if (problem) return reply.status(400).send(body(400, problem));
      return reply.type('text/html; charset=utf-8').send(renderAccountChooser(q));
    });

    scope.post('/demo-oidc/authorize', { config: { access: 'public' } }, async (request, reply) => {
      const f = (request.body ?? {}) as Record<string, string | undefined>;
      const problem = checkRequest(f);
      const account = DEMO_ACCOUNTS.find((a) => a.email === f.account);
      if (problem || !account) return reply.status(400).send(body(400, problem ?? 'pick one of the demo accounts'));
      const code = b64url(randomBytes(24));
      grants.set(code, {
        redirectUri,
        codeChallenge: f.code_challenge as string,
        nonce: f.nonce,
        email: account.email,
      });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      if (f.state) target.searchParams.set('state', f.state);
      target.searchParams.set('iss', issuer);
      return reply.redirect(target.href);
    });

    scope.post('/demo-oidc/token', { config: { access: 'public' } }, async (request, reply) => {
      const f = (request.body ?? {}) as Record<string, string | undefined>;
      const grant = f.code ? grants.get(f.code) : undefined;
      if (f.code) grants.delete(f.code); // a code is good once
      const verifierOk =
        grant &&
        f.code_verifier &&
        b64url(createHash('sha256').update(f.code_verifier).digest()) === grant.codeChallenge;
      if (f.grant_type !== 'authorization_code' || !grant || f.redirect_uri !== grant.redirectUri || !verifierOk) {
        return reply.status(400).send({ error: 'invalid_grant' });
      }
      const account = DEMO_ACCOUNTS.find((a) => a.email === grant.email);
      if (!account) return reply.status(400).send({ error: 'invalid_grant' });
      const claims = {
        email: account.email,
        email_verified: true,
        given_name: account.givenName,
        family_name: account.familyName,
        name: `${account.givenName} ${account.familyName}`,
      };
      const sub = createHash('sha256').update(account.email).digest('hex').slice(0, 24);
      const idToken = await new SignJWT({ ...claims, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuer(issuer)
        .setSubject(sub)
        .setAudience(config.oidc.clientId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const accessToken = b64url(randomBytes(24));
      accessTokens.set(accessToken, JSON.stringify({ sub, ...claims }));
      return {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_S,
        id_token: idToken,
        scope: 'openid email profile',
      };
    });

    scope.get('/demo-oidc/userinfo', { config: { access: 'public' } }, async (request, reply) => {
      const token = request.headers.authorization?.replace(/^Bearer /, '');
      const info = token ? accessTokens.get(token) : undefined;
      if (!info) return reply.status(401).send({ error: 'invalid_token' });
      return JSON.parse(info);
    });
  });
}
