import {
  SUBSCRIBERS_API,
  subscriberListQuerySchema,
  subscriberListResponseSchema,
  subscriberSchema,
  subscriberStatsSchema,
  subscriberUpdateSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorId } from '../../auth/actor';
import { SUPERADMIN } from '../../auth/rights';
import { formRoute } from '../../web/multipart';
import { toSubscriber } from './json';
import { subscriberStats } from './stats';
import { listSubscribers, updateSubscriber } from './store';

/**
 * The admin side of subscribers (docs/product/api.md, second set of paths): list, stats, updateuser, superadmin
 * only. (The janaza list and create that docs/product/api.md also lists under this prefix are the janaza feature's.)
 */
export async function registerSubscribers(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.withTypeProvider<ZodTypeProvider>().get(
    SUBSCRIBERS_API.list,
    {
      schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberListResponseSchema } },
      config: { access: SUPERADMIN },
    },
    async (request) => {
      const { rows, nextCursor } = await listSubscribers(db, request.query);
      return { code: 200 as const, data: rows.map(toSubscriber), nextCursor };
    },
  );

  app.get(
    SUBSCRIBERS_API.stats,
    {
      schema: { response: { 200: z.object({ code: z.literal(200), data: subscriberStatsSchema }) } },
      config: { access: SUPERADMIN },
    },
    async () => ({
      code: 200 as const,
      data: await subscriberStats(db),
    }),
  );

  // Form data (multipart) or JSON, as the summary page sends it.
  const answer = z.object({ code: z.literal(200), data: subscriberSchema });
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      SUBSCRIBERS_API.update,
      { ...formRoute(subscriberUpdateSchema, { response: { 200: answer } }), config: { access: SUPERADMIN } },
      async (request) => {
        const row = await updateSubscriber(db, request.body, actorId(request));
        return { code: 200 as const, data: toSubscriber(row) };
      },
    );
}
