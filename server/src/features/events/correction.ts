import { catalogues, EVENT_PATHS, eventIdParamsSchema } from '@ummahnotify/shared/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { enqueueCorrection } from '../../delivery/outbox';
import { HttpError } from '../../web/errors';

const m = catalogues.events.en;

/**
 * "Send correction" of a published event (issue 15), as for a sent janaza notice: the event as it is
 * now, marked as a correction, to whoever its broadcast reached, on every channel. Refused (409) when
 * the event is not published or its broadcast was never written. Rights: as editing events (staff).
 */
export function registerEventCorrection(app: FastifyInstance, db: Db): void {
  app.post(
    EVENT_PATHS.correction(':id'),
    {
      schema: {
        params: eventIdParamsSchema,
        response: { 202: z.object({ code: z.literal(202), data: z.object({ number: z.number().int() }) }) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.output<typeof eventIdParamsSchema>;
      const actor = signedInUser(request);
      const number = await db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('events')
          .select(['id', 'published'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!event) throw new HttpError(404, m['server.notFound']);
        if (Number(event.published) !== 1) throw new HttpError(409, m['correction.notPublished']);
        const n = await enqueueCorrection(trx, 'events', id, actor.id).catch((error) => {
          throw isUniqueViolation(error) ? new HttpError(409, m['correction.concurrent']) : error;
        });
        if (n === null) throw new HttpError(409, m['correction.neverSent']);
        await audit(trx, {
          actorId: actor.id,
          action: 'event.correction',
          entity: 'event',
          entityId: id,
          after: { correction: n },
        });
        return n;
      });
      app.delivery.wake();
      return reply.code(202).send({ code: 202 as const, data: { number } });
    },
  );
}
