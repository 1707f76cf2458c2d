import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { registerActivity } from './activity/routes';
import { registerCommittee } from './committee/routes';
import { registerDelivery } from './delivery/routes';
import { registerEvents } from './events/routes';
import { registerFeed } from './feed/routes';
import { registerJanaza } from './janaza/routes';
import { registerMembers } from './members/routes';
import { registerProviders } from './providers/routes';
import { registerSignup } from './signup/routes';
import { registerSubscribers } from './subscribers/routes';
import { registerSummary } from './summary/routes';
import { registerUploads } from './uploads/routes';
import type { ImageStore } from './uploads/store';

declare module 'fastify' {
  /** What the features need, set on the instance by buildApp (app.ts) before registerFeatures runs. */
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Uploaded images: in the database, or in the bucket of S3_URL. */
    images: ImageStore;
  }
}

/**
 * Every section's routes, one line each. A section lives in features/<section>/ with the same name
 * as its remote and its file in shared/domain/src; each route declares its access (config.access).
 * Each reads what it needs from the instance (app.db, app.config, app.images), so no feature imports this file.
 */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await registerUploads(app);
  await registerProviders(app);
  await registerJanaza(app);
  await registerEvents(app);
  await registerMembers(app);
  await registerCommittee(app);
  await registerSubscribers(app);
  await registerSummary(app);
  await registerActivity(app);
  await registerSignup(app);
  await registerFeed(app);
  await registerDelivery(app);
}
