import {
  SUBSCRIBERS_API,
  subscriberListQuerySchema,
  subscriberListResponseSchema,
  subscriberSchema,
  subscriberStatsSchema,
  subscriberUpdateSchema,
} from '@ummahnotify/shared/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signedInUser } from '../../auth/guard';
import { parseOr400 } from '../../web/errors';
import { readForm } from '../uploads/multipart';
import { toSubscriberJson } from './json';
import { subscriberStats } from './stats';
import { listSubscribers, updateSubscriber } from './store';

/**
 * The admin side of subscribers (SPEC §7, second set of paths): list, stats, updateuser, superadmin
 * only. (The janaza list and create that SPEC §7 also lists under this prefix are the janaza feature's.)
 */
export async function registerSubscribers(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get(
    SUBSCRIBERS_API.list,
    { schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberListResponseSchema } } },
    async (request) => {
      const { rows, nextCursor } = await listSubscribers(
        db,
        request.query as z.output<typeof subscriberListQuerySchema>,
      );
      return { code: 200 as const, data: rows.map(toSubscriberJson), nextCursor };
    },
  );

  app.get(
    SUBSCRIBERS_API.stats,
    { schema: { response: { 200: z.object({ code: z.literal(200), data: subscriberStatsSchema }) } } },
    async () => ({
      code: 200 as const,
      data: await subscriberStats(db),
    }),
  );

  // Form data (multipart) or JSON: the body is read and validated here, not by the route schema.
  app.post(
    SUBSCRIBERS_API.update,
    { schema: { response: { 200: z.object({ code: z.literal(200), data: subscriberSchema }) } } },
    async (request) => {
      const { fields } = await readForm(request);
      const update = parseOr400(subscriberUpdateSchema, fields ?? {});
      const row = await updateSubscriber(db, update, signedInUser(request).id);
      return { code: 200 as const, data: toSubscriberJson(row) };
    },
  );
}
