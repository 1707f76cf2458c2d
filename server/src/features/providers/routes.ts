import { JANAZA_PATHS, type ProvidersAnswer } from '@ummahnotify/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../index';
import { listProviders } from './store';

/** GET /api/v1/admin/notifications/providers: the masjids and partners a janaza notice can name. */
export async function registerProviders(app: FastifyInstance, { db }: FeatureDeps): Promise<void> {
  app.get(JANAZA_PATHS.providers, async (): Promise<ProvidersAnswer> => ({ code: 200, data: await listProviders(db) }));
}
