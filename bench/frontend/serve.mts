// The real API server in demo mode serving the front-end build found under FRONTEND_ROOT (a folder holding
// shell/dist and remote-<name>/dist), exactly as `npm start` serves the repository's own build: precompressed
// brotli, the same cache headers. Used by the front-end benchmarks to serve several builds side by side.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';

const port = Number(process.env.PORT);
// Demo mode on SQLite in a fresh folder, whatever the environment says: the pages are walked as demo accounts.
const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, DATABASE_URL, OIDC_ISSUER, ...environment } = process.env;
const config = loadConfig({
  ...environment,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'un-bench-frontend-')),
  NODE_ENV: 'development',
});
const app = await buildApp(config, { logger: false, frontendRoot: process.env.FRONTEND_ROOT });
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
