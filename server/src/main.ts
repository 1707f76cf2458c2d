import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { RELEASE } from './ops/release';
import { credentialsHidden } from './url-credentials';

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
  /**
   * SIGTERM (systemd, a container runtime) or SIGINT (Ctrl-C): stop taking requests and claiming deliveries, let the
   * requests and sends under way finish and record their results, hand back what was claimed and not begun, close
   * the database, exit 0. Not finished within SHUTDOWN_SECONDS (config.ts): one line and exit 1.
   */
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal, deadlineSeconds: config.shutdownSeconds }, 'shutting down');
    setTimeout(
      () => fail('UmmahNotify shutdown failed', new Error(`not finished after ${config.shutdownSeconds} s`)),
      config.shutdownSeconds * 1000,
    );
    app.close().then(
      () => {
        // The last line of a clean stop, with how long closing took (the delivery engine's sends are most of it).
        app.log.info({ signal, ms: Date.now() - started }, 'shut down');
        process.exit(0);
      },
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
