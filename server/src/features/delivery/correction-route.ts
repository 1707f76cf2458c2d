import type { DeliveryKind } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import type { Access } from '../../auth/rights';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { enqueueCorrection } from '../../delivery/outbox';
import { HttpError } from '../../web/errors';

interface CorrectionRoute {
  path: string;
  access: Access;
  params: z.ZodObject<{ id: z.ZodType<string> }>;
  kind: DeliveryKind;
  audit: { entity: string; action: string };
  /** Throws the 404 or 409 that stops a correction of this item before anything is queued. */
  check: (trx: Transaction<Database>, id: string) => Promise<void>;
  /** The section's own texts for a correction already being queued, and for an item never sent. */
  messages: { concurrent: string; neverSent: string };
}

/**
 * "Send correction" of a sent item, the same for every section that broadcasts: the item as it is now, marked
 * as a correction, to whoever its broadcast reached, on every channel; audited; answered 202 with its number.
 */
export function registerCorrectionRoute(app: FastifyInstance, route: CorrectionRoute): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    route.path,
    {
      schema: {
        params: route.params,
        response: { 202: z.object({ code: z.literal(202), data: z.object({ number: z.number().int() }) }) },
      },
      config: { access: route.access },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actor = signedInUser(request);
      const number = await app.db.transaction().execute(async (trx) => {
        await route.check(trx, id);
        const n = await enqueueCorrection(trx, route.kind, id, actor.id).catch((error) => {
          throw isUniqueViolation(error) ? new HttpError(409, route.messages.concurrent) : error;
        });
        if (n === null) throw new HttpError(409, route.messages.neverSent);
        await audit(trx, { actorId: actor.id, ...route.audit, entityId: id, after: { correction: n } });
        return n;
      });
      app.delivery.wake();
      return reply.code(202).send({ code: 202 as const, data: { number } });
    },
  );
}
