import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { API_PATHS } from '@ummahnotify/shared/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installRightsGuard } from './auth/guard';
import { OidcClient } from './auth/oidc';
import { registerAuthRoutes } from './auth/routes';
import type { Config } from './config';
import { connect, type Db } from './db/connect';
import { databaseAnswers } from './db/health';
import { migrateToLatest } from './db/migrate';
import { type DeliveryOptions, startDelivery } from './delivery';
import { registerDeliveryRoutes } from './delivery/routes';
import { registerDemoIssuer } from './demo/issuer';
import { seedDemoData } from './demo/seed';
import { registerFeatures } from './features';
import { loadOrCreateSecret } from './secrets';
import { contentSecurityPolicy } from './web/csp';
import { installErrorHandlers } from './web/errors';
import { registerFrontend } from './web/frontend';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where shell/dist and remote-<name>/dist are (default: this repository). */
  frontendRoot?: string;
  /** Tests shorten the delivery engine's retry backoff, polling, lease and send deadline. */
  delivery?: Pick<DeliveryOptions, 'retry' | 'pollMs' | 'leaseMs' | 'sendDeadlineMs'>;
}

/** Builds the whole server: database (migrated), security plugins, the rights guard, and every route. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const db = connect(config.database);
  await migrateToLatest(db);
  if (config.demo) await seedDemoData(db);
  const sessionSecret = config.sessionSecret ?? (await loadOrCreateSecret(config.dataDir, 'session-secret'));

  const app = Fastify({
    logger: options.logger ?? { level: 'info' },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  const delivery = await startDelivery({
    db,
    config,
    unsubscribeKey: sessionSecret,
    log: app.log,
    ...options.delivery,
  });
  app.decorate('delivery', delivery);
  app.addHook('onClose', async () => {
    // The database closes even if a channel fails to: a pool left open outlives the server.
    try {
      await delivery.close();
    } finally {
      await db.destroy();
    }
  });

  // Not no-referrer: under it Chromium sends `Origin: null` on same-origin form posts, which the origin check refuses.
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(cookie, { secret: sessionSecret });
  const allowedOrigins = [...new Set([...config.corsOrigins, new URL(config.publicUrl).origin])];
  await app.register(cors, {
    origin: allowedOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(swagger, {
    openapi: { info: { title: 'UmmahNotify API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  installErrorHandlers(app);
  installRightsGuard(app, db, allowedOrigins);

  app.get(API_PATHS.health, async (_request, reply) =>
    (await databaseAnswers(db)) ? { status: 'ok' } : reply.status(503).send({ status: 'database not answering' }),
  );
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const oidc = new OidcClient(config.oidc, `${config.publicUrl}${API_PATHS.signInCallback}`);
  registerAuthRoutes(app, { db, config, oidc });
  if (config.demo) await registerDemoIssuer(app, config);

  await registerFeatures(app, { db, config });
  registerDeliveryRoutes(app, db);
  await registerFrontend(app, config, options.frontendRoot);
  return app;
}
