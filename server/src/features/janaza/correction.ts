import { catalogues, DELIVERY_API, janazaIdParamsSchema } from '@ummahnotify/shared/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import { isUniqueViolation } from '../../db/errors';
import { enqueueCorrection } from '../../delivery/outbox';
import { HttpError } from '../../web/errors';
import { findNotice } from './store';

const m = catalogues.delivery.en;

/**
 * "Send correction" of a sent janaza notice: the notice as it is now, marked as a correction, to whoever its
 * broadcast reached, on every channel. Refused (409) for a rejected notice, one never sent, or a correction
 * already being written. Rights: as editing notices (staff).
 */
export function registerJanazaCorrection(app: FastifyInstance): void {
  const { db } = app;
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
