// The local OpenID Connect issuer the e2e server signs in against (see server/test/support/oidc-issuer.ts).
import { startTestIssuer } from '../../server/test/support/oidc-issuer';

const issuer = await startTestIssuer(Number(process.env.ISSUER_PORT));
console.log(`test issuer at ${issuer.url}`);
