// The local OpenID Connect issuer the e2e server signs in against (see server/test/support/oidc-issuer.ts).
import { startTestIssuer } from '../../server/test/support/oidc-issuer';
import { E2E_CLIENT } from './env';

const issuer = await startTestIssuer({ port: Number(process.env.ISSUER_PORT), client: E2E_CLIENT });
console.log(`test issuer at ${issuer.url}`);
