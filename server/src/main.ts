import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { RELEASE } from './ops/release';
import { credentialsHidden } from './url-credentials';

/** After a stop signal, how long closing (requests in flight, delivery, database) may take. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** One clear line on stderr and a non-zero exit: what an operator reads in the service log. */
function fail(what: string, error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`${what}: ${credentialsHidden(reason.split('\n')[0])}`);
  process.exit(1);
}

async function start(): Promise<FastifyInstance> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(
      () => fail('UmmahNotify shutdown failed', new Error(`not finished after ${SHUTDOWN_DEADLINE_MS / 1000} s`)),
      SHUTDOWN_DEADLINE_MS,
    );
    app.close().then(
      () => process.exit(0),
      (error: unknown) => fail('UmmahNotify shutdown failed', error),
    );
  };
  process.on('SIGINT', () => close('SIGINT'));
  process.on('SIGTERM', () => close('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  app.log.info(
    { url: config.publicUrl, database: config.database.kind, demo: config.demo, ...RELEASE },
    `UmmahNotify ${RELEASE.version}${RELEASE.commit ? ` (${RELEASE.commit})` : ''}${config.demo ? ' (demo mode)' : ''} at ${config.publicUrl}`,
  );
  return app;
}

start().catch((error: unknown) => fail('UmmahNotify could not start', error));
