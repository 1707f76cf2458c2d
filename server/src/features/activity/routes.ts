import {
  ACTIVITY_API,
  type ActivityListResponse,
  activityListResponseSchema,
  activityQuerySchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUPERADMIN } from '../../auth/rights';
import { listActivity, listPeople } from './store';

/** The activity log (docs/product/rights.md#activity-log): superadmin only; `{code, data, nextCursor, people}`. */
export async function registerActivity(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.withTypeProvider<ZodTypeProvider>().get(
    ACTIVITY_API.list,
    {
      schema: { querystring: activityQuerySchema, response: { 200: activityListResponseSchema } },
      config: { access: SUPERADMIN },
    },
    async (request, reply): Promise<ActivityListResponse> => {
      const { query } = request;
      const [{ entries, nextCursor }, people] = await Promise.all([listActivity(db, query), listPeople(db)]);
      reply.header('Cache-Control', 'no-store');
      return { code: 200, data: entries, nextCursor, people };
    },
  );
}
