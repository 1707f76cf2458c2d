import { JANAZA_PATHS, type ProvidersAnswer } from '@ummahnotify/shared/domain';
import type { FastifyInstance } from 'fastify';
import { STAFF } from '../../auth/rights';
import { listProviders } from './store';

/** GET /api/v1/admin/notifications/providers: the masjids and partners a janaza notice can name. */
export async function registerProviders(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.get(
    JANAZA_PATHS.providers,
    { config: { access: STAFF } },
    async (): Promise<ProvidersAnswer> => ({ code: 200, data: await listProviders(db) }),
  );
}
