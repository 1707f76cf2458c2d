import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { freshDatabase, type TestDatabase } from './databases';
import { startTestIssuer } from './oidc-issuer';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  issuerUrl: string;
  database: TestDatabase;
  stop: () => Promise<void>;
}

/** The OAuth client registered with the tests' issuer. */
export const TEST_CLIENT = { id: 'ummahnotify-test', secret: 'test-secret' };

/** A server with an OIDC client configured (not demo mode), as the tests' servers run. */
export const GOOGLE_MODE_ENV = {
  GOOGLE_CLIENT_ID: TEST_CLIENT.id,
  GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
  VAPID_SUBJECT: 'mailto:notices@test.example.sg',
};

/**
 * The real server on 127.0.0.1 with a fresh database, signing in against a local OIDC issuer where
 * TEST_CLIENT is registered (`env` may give the server other client settings, as a misconfiguration would).
 * `options.logLines` collects what it logs at warn and above.
 */
export async function startTestServer(
  engine: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  {
    database: given,
    logLines,
    ...appOptions
  }: Omit<AppOptions, 'logger'> & {
    /** A database another server ran on (or one made ready for it): used, and left for its owner to drop. */
    database?: TestDatabase;
    logLines?: string[];
  } = {},
): Promise<TestServer> {
  const issuer = await startTestIssuer({ client: TEST_CLIENT });
  const database = given ?? (await freshDatabase(engine));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    OIDC_ISSUER: issuer.url,
    ...GOOGLE_MODE_ENV,
    SUPERADMIN_EMAILS: 'root@example.sg',
    // events go at once whatever the hour the tests run at (the quiet hours' own test sets them)
    EVENT_QUIET_HOURS: 'off',
    // Telegram (and its peer) refuses a webhook at this http address, so a test server reads no updates
    // unless its test asks: TELEGRAM_UPDATES=auto polls; an https PUBLIC_URL takes the webhook.
    TELEGRAM_UPDATES: 'webhook',
    ...env,
  });
  // the log's JSON lines at warn and above go to `logLines` when a test reads them; otherwise no log
  const logger = logLines ? { level: 'warn', stream: { write: (line: string) => logLines.push(line) } } : false;
  const app = await buildApp(config, { logger, ...appOptions });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url,
    issuerUrl: issuer.url,
    database,
    stop: async () => {
      await app.close();
      await issuer.stop();
      if (!given) await database.drop();
    },
  };
}
