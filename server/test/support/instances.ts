import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { freshDatabase, type TestDatabase } from './databases';
import { startTestIssuer } from './oidc-issuer';
import { freePort, GOOGLE_MODE_ENV, TEST_CLIENT } from './server';

export interface TestInstances {
  /** Each instance's own URL; PUBLIC_URL (sign-in callbacks) is the first one's. */
  urls: string[];
  apps: FastifyInstance[];
  database: TestDatabase;
  stop: () => Promise<void>;
}

/**
 * `count` server instances on one database, each with its own empty DATA_DIR (as separate machines
 * would have), signing in against one local OIDC issuer.
 */
export async function startInstances(
  engine: 'sqlite' | 'postgres',
  count: number,
  env: Record<string, string> = {},
): Promise<TestInstances> {
  const issuer = await startTestIssuer({ client: TEST_CLIENT });
  const database = await freshDatabase(engine);
  const ports = await Promise.all(Array.from({ length: count }, freePort));
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const dataDirs: string[] = [];
  const apps: FastifyInstance[] = [];
  for (const port of ports) {
    const dataDir = mkdtempSync(join(tmpdir(), 'un-instance-'));
    dataDirs.push(dataDir);
    const config = loadConfig({
      PORT: String(port),
      PUBLIC_URL: urls[0],
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl ?? `sqlite:${join(database.dataDir, 'shared.sqlite')}`,
      OIDC_ISSUER: issuer.url,
      ...GOOGLE_MODE_ENV,
      SUPERADMIN_EMAILS: 'root@example.sg',
      // events go at once whatever the hour the tests run at (the quiet hours' own test sets them)
      EVENT_QUIET_HOURS: 'off',
      ...env,
    });
    const app = await buildApp(config, { logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    apps.push(app);
  }
  return {
    urls,
    apps,
    database,
    stop: async () => {
      for (const app of apps) await app.close();
      await issuer.stop();
      await database.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
