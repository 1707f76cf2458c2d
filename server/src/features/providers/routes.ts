import { JANAZA_PATHS, type ProvidersAnswer, providerSchema } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STAFF } from '../../auth/rights';
import { listProviders } from './store';

const providersAnswerSchema = z.object({ code: z.literal(200), data: z.array(providerSchema) });

/** GET /api/v1/admin/notifications/providers: the masjids and partners a janaza notice can name. */
export async function registerProviders(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.get(
    JANAZA_PATHS.providers,
    { schema: { response: { 200: providersAnswerSchema } }, config: { access: STAFF } },
    async (): Promise<ProvidersAnswer> => ({ code: 200, data: await listProviders(db) }),
  );
}
