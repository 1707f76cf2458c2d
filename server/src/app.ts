import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { API_PATHS } from '@ummahnotify/core';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installRightsGuard } from './auth/guard';
import { OidcClient } from './auth/oidc';
import { registerAuthRoutes } from './auth/routes';
import { purgeSessions } from './auth/sessions';
import { countDemoAccounts } from './auth/users';
import { type Config, trustProxyOption } from './config';
import { connect, type Db } from './db/connect';
import { databaseAnswers } from './db/health';
import { migrateToLatest } from './db/migrate';
import { type DeliveryOptions, registerDeliveryJobs, startDelivery } from './delivery';
import { registerBounceReader } from './delivery/bounces/reader';
import { settleVapidKeys } from './delivery/channels/vapid-rotation';
import { registerDemoIssuer } from './demo/issuer';
import { seedDemoData } from './demo/seed';
import { registerFeatures } from './features';
import { registerRetentionJob } from './features/retention/job';
import { s3Bucket } from './features/uploads/bucket';
import { imageStore } from './features/uploads/store';
import { startJobs } from './jobs';
import { registerMetrics } from './ops/metrics';
import { type ReadinessSources, registerReadiness } from './ops/readiness';
import { registerFrontend } from './pages/frontend';
import { registerRobots } from './pages/robots';
import { registerWebApp } from './pages/web-app';
import { sharedRateLimits } from './rate-limit';
import { purgeEndedWindows } from './rate-limit/database-store';
import { linkSecret, sessionSecret as loadSessionSecret, purposeKey, sessionCookieKeys, sharedKeys } from './secrets';
import { contentSecurityPolicy } from './web/csp';
import { installErrorHandlers } from './web/errors';
import { redactingLogger } from './web/log-redaction';
import { type ConnectionTimeouts, timeoutOptions } from './web/timeouts';

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
  /** Tests shorten the delivery engine's retry backoff, polling, lease and send deadline, and move its clock. */
  delivery?: Pick<DeliveryOptions, 'retry' | 'pollMs' | 'leaseMs' | 'sendDeadlineMs' | 'now' | 'pushServiceCa'>;
  /** Tests shorten the connection time-outs (web/timeouts.ts). */
  timeouts?: ConnectionTimeouts;
  /** Tests shorten how long the delivery engine may go without a turn before /readyz says it stalled. */
  readiness?: Pick<ReadinessSources, 'stalledAfterMs'>;
}

/** Builds the whole server: database (migrated), security plugins, the rights guard, and every route. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const db = connect(config.database);
  await migrateToLatest(db);
  if (config.demo) await seedDemoData(db);
  const keys = sharedKeys(db, config.dataDir);
  const sessionSecret = await loadSessionSecret(config.sessionSecret, keys);
  const links = await linkSecret(keys);
  // Before anything else starts: a configured VAPID pair other than the one in use stops start-up here.
  const vapidNotes = await settleVapidKeys(db, config, keys).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });

  const app = Fastify({
    logger: redactingLogger(options.logger ?? { level: config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(options.timeouts),
  });
  for (const warning of [...(config.warnings ?? []), ...vapidNotes]) app.log.warn(warning);
  if (!config.demo) {
    const demoAccounts = await countDemoAccounts(db);
    if (demoAccounts > 0) {
      app.log.warn(
        `${demoAccounts} demo account(s) in this database cannot sign in outside demo mode; remove them when you no longer need them`,
      );
    }
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  // The rate limits' Redis connection opens now and the delivery pace's in startDelivery: both wait for Redis
  // at once (at most one connect timeout), before the server takes requests.
  const rateLimits = sharedRateLimits(db, config.redisUrl, (message) => app.log.warn(message));
  const images = imageStore(config.s3Url ? s3Bucket(config.s3Url, config.s3Region) : undefined);
  const delivery = await startDelivery({
    db,
    config,
    unsubscribeKey: purposeKey(links, 'unsubscribeLinks'),
    bounceKey: purposeKey(links, 'bounceTags'),
    log: app.log,
    keys,
    readImage: (id) => images.read(db, id, 'full'),
    ...options.delivery,
  }).catch(async (error: unknown) => {
    images.bucket?.close();
    await rateLimits.close();
    throw error;
  });
  app.decorate('delivery', delivery);
  const jobs = startJobs(db, app.log);
  app.decorate('jobs', jobs);
  registerDeliveryJobs(jobs, db, config, options.delivery?.now);
  registerBounceReader(jobs, db, config, app.log);
  app.decorate('rateLimits', rateLimits);
  await rateLimits.ready;
  jobs.register({ name: 'rate-limit-purge', everyMs: 10 * 60_000, run: () => purgeEndedWindows(db) });
  await registerRetentionJob(jobs, db, images, config.retentionDays, app.log);
  // A stop claims nothing from its first moment: onClose runs only once the requests in flight have ended, which
  // may take up to the connection time-out (web/timeouts.ts), and the engine must not start new sends meanwhile.
  app.addHook('preClose', async () => delivery.stopClaiming());
  app.addHook('onClose', async () => {
    // The database closes even if a channel fails to: a pool left open outlives the server.
    try {
      images.bucket?.close();
      await jobs.close();
      await rateLimits.close();
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
  await app.register(cookie, { secret: sessionCookieKeys(sessionSecret, config.sessionSecretPrevious) });
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
  const sessionIdleMs = config.sessionIdleMinutes * 60_000;
  installRightsGuard(app, db, allowedOrigins, sessionIdleMs);
  jobs.register({
    name: 'session-purge',
    everyMs: 10 * 60_000,
    run: async () => {
      const n = await purgeSessions(db, sessionIdleMs);
      if (n > 0) app.log.info({ sessions: n }, 'ended sessions deleted');
    },
  });

  // For the load balancer: 200 when the database answers, 503 when it does not.
  const healthAnswer = z.object({ status: z.string() });
  const health = {
    schema: { response: { 200: healthAnswer, 503: healthAnswer } },
    config: { access: 'public' },
  } as const;
  app.get(API_PATHS.health, health, async (_request, reply) =>
    (await databaseAnswers(db)) ? { status: 'ok' } : reply.status(503).send({ status: 'database not answering' }),
  );
  const lastTurnAt = () => delivery.lastTurnAt();
  registerReadiness(app, { db, lastTurnAt, redisReady: rateLimits.redisReady, ...options.readiness });
  registerMetrics(app, { db, token: config.metricsToken, lastTurnAt });
  app.get('/api/docs', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());

  const oidc = new OidcClient(config.oidc, `${config.publicUrl}${API_PATHS.signInCallback}`);
  registerAuthRoutes(app, { db, config, oidc });
  if (config.demo) await registerDemoIssuer(app, config);

  app.decorate('images', images);
  await registerFeatures(app);
  registerRobots(app, config);
  await registerWebApp(app);
  await registerFrontend(app, config, db, options.frontendRoot);
  return app;
}
