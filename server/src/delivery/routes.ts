import {
  catalogues,
  channelsResponseSchema,
  DELIVERY_API,
  deliveryStatusQuerySchema,
  deliveryStatusResponseSchema,
  janazaIdParamsSchema,
} from '@ummahnotify/shared/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../audit';
import { signedInUser } from '../auth/guard';
import type { Db } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import { findNotice } from '../features/janaza/store';
import { HttpError } from '../web/errors';
import { channelList } from './channels';
import { enqueueCorrection } from './outbox';
import { channelStates, deliveryStatus, recentCounts } from './status';

const m = catalogues.delivery.en;

/** What staff see of delivery: channels on/off, per-item counts, and the deliberate correction. */
export function registerDeliveryRoutes(app: FastifyInstance, db: Db): void {
  const states = () => channelStates(channelList(app.delivery.channels).map((c) => c.state));

  app.get(DELIVERY_API.channels, { schema: { response: { 200: channelsResponseSchema } } }, async () => ({
    channels: states(),
    recent: await recentCounts(db),
  }));

  app.get(
    DELIVERY_API.status,
    { schema: { querystring: deliveryStatusQuerySchema, response: { 200: deliveryStatusResponseSchema } } },
    async (request) => {
      const { kind, ids } = request.query as z.output<typeof deliveryStatusQuerySchema>;
      return { channels: states(), items: await deliveryStatus(db, kind, ids) };
    },
  );

  app.post(
    DELIVERY_API.janazaCorrection(':id'),
    {
      schema: {
        params: janazaIdParamsSchema,
        response: { 202: z.object({ code: z.literal(202), data: z.object({ number: z.number().int() }) }) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.output<typeof janazaIdParamsSchema>;
      const actor = signedInUser(request);
      const number = await db.transaction().execute(async (trx) => {
        const notice = await findNotice(trx, id);
        if (!notice) throw new HttpError(404, m['correction.notFound']);
        if (notice.status === 'rejected') throw new HttpError(409, m['correction.rejected']);
        const n = await enqueueCorrection(trx, 'janaza', id, actor.id).catch((error) => {
          throw isUniqueViolation(error) ? new HttpError(409, m['correction.concurrent']) : error;
        });
        if (n === null) throw new HttpError(409, m['correction.neverSent']);
        await audit(trx, {
          actorId: actor.id,
          action: 'janaza.correction',
          entity: 'janaza',
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
