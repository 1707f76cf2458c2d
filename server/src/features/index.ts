import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { registerActivity } from './activity/routes';
import { registerCommittee } from './committee/routes';
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

export interface FeatureDeps {
  db: Db;
  config: Config;
  /** Uploaded images: in the database, or in the bucket of S3_URL. */
  images: ImageStore;
}

/**
 * Every section's routes, one line each. A section lives in features/<section>/ with the same name
 * as its remote and its file in shared/src/domain; its routes also need lines in auth/rights.ts.
 */
export async function registerFeatures(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await registerUploads(app, deps);
  await registerProviders(app, deps);
  await registerJanaza(app, deps);
  await registerEvents(app, deps);
  await registerMembers(app, deps);
  await registerCommittee(app, deps);
  await registerSubscribers(app, deps);
  await registerSummary(app, deps);
  await registerActivity(app, deps);
  await registerSignup(app, deps);
  await registerFeed(app, deps);
}
