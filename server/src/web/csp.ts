import type { Config } from '../config';

/** Scripts and data only from our origin, the API host and wherever the remotes are deployed. */
export function contentSecurityPolicy(config: Config) {
  const origins = (urls: string[]) => urls.filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin);
  const remoteOrigins = origins(Object.values(config.remotes));
  const apiOrigins = origins([config.apiUrl]);
  return {
    useDefaults: true,
    directives: {
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...remoteOrigins],
      connectSrc: ["'self'", ...apiOrigins, ...remoteOrigins],
      styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
      imgSrc: ["'self'", 'data:', 'blob:', ...apiOrigins],
      fontSrc: ["'self'", 'data:', ...remoteOrigins],
      workerSrc: ["'self'", 'blob:'],
      formAction: ["'self'", ...origins([config.oidc.issuer])],
      upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
    },
  };
}
