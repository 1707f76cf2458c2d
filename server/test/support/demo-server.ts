import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { freshDatabase, type TestDatabase } from './databases';
import { freePort } from './server';

/** The server in demo mode (no Google client): the in-process issuer and seeded sample data. */
export async function startDemoServer(
  engine: 'sqlite' | 'postgres' = 'sqlite',
  options: Omit<AppOptions, 'logger'> = {},
): Promise<{ app: FastifyInstance; url: string; database: TestDatabase; stop: () => Promise<void> }> {
  const database = await freshDatabase(engine);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildApp(
    loadConfig({ PORT: String(port), PUBLIC_URL: url, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl }),
    { logger: false, ...options },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url,
    database,
    stop: async () => {
      await app.close();
      await database.drop();
    },
  };
}
