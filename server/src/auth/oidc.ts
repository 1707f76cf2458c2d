import * as oidc from 'openid-client';
import type { Config } from '../config';

/** What a finished sign-in tells us about the person, from the verified ID token. */
export interface VerifiedIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect client: authorization-code flow with PKCE, state and nonce, against OIDC_ISSUER
 * (Google by default, the in-process demo issuer in demo mode, a local issuer in tests).
 * Discovery runs on first use, so the server starts even while the issuer is unreachable.
 */
export class OidcClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: Config['oidc'],
    private readonly redirectUri: string,
  ) {}

  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      this.configuration = oidc
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.configuration = undefined; // try again on the next sign-in
          throw error;
        });
    }
    return this.configuration;
  }

  async start(): Promise<{ url: URL; pending: PendingSignIn }> {
    const config = await this.discover();
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      prompt: 'select_account',
    });
    return { url, pending };
  }

  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<VerifiedIdentity> {
    const config = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The issuer returned no ID token');
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      sub: `${claims.iss}|${claims.sub}`,
      email: text(claims.email).toLowerCase(),
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      givenName: text(claims.given_name) || text(claims.name).split(' ')[0] || '',
      familyName: text(claims.family_name),
    };
  }
}
