import { ACTIVITY_API, type ActivityListResponse, activityQuerySchema } from '@ummahnotify/shared/domain';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../web/errors';
import { listActivity, listPeople } from './store';

/** The activity log (issue 15): superadmin only, by the rights table; `{code, data, nextCursor, people}`. */
export async function registerActivity(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.get(ACTIVITY_API.list, async (request, reply): Promise<ActivityListResponse> => {
    const query = parseOr400(activityQuerySchema, request.query);
    const [{ entries, nextCursor }, people] = await Promise.all([listActivity(db, query), listPeople(db)]);
    reply.header('Cache-Control', 'no-store');
    return { code: 200, data: entries, nextCursor, people };
  });
}
