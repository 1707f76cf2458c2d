import {
  catalogues,
  DELIVERY_API,
  resumeParamsSchema,
  resumeResponseSchema,
  retryRequestSchema,
  retryResponseSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import { SUPERADMIN } from '../../auth/rights';
import { readPause, resumeChannelIn } from '../../delivery/pauses';
import { retryFailed } from '../../delivery/retry';
import { HttpError } from '../../web/errors';

const m = catalogues.delivery.en;

/**
 * What a superadmin may do about delivery (docs/product/delivery.md#delivery-status): send a sending's failed
 * messages again once their cause is gone, and resume a channel paused for an account-level refusal. Both
 * audited, both wake the delivery worker.
 */
export function registerDeliveryActions(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    DELIVERY_API.retry,
    {
      schema: { body: retryRequestSchema, response: { 200: retryResponseSchema } },
      config: { access: SUPERADMIN },
    },
    async (request) => {
      const { kind, id, number } = request.body;
      const actor = signedInUser(request);
      const retried = await app.db.transaction().execute(async (trx) => {
        const done = await retryFailed(trx, { kind, itemId: id, number });
        if (!done) throw new HttpError(404, m['retry.notFound']);
        await audit(trx, {
          actorId: actor.id,
          action: 'delivery.retried',
          entity: kind === 'janaza' ? 'janaza' : 'event',
          entityId: id,
          after: { sending: number, retried: done.retried },
        });
        return done.retried;
      });
      if (retried > 0) app.delivery.wake();
      return { code: 200 as const, data: { retried } };
    },
  );

  typed.post(
    DELIVERY_API.resume(':channel'),
    {
      schema: { params: resumeParamsSchema, response: { 200: resumeResponseSchema } },
      config: { access: SUPERADMIN },
    },
    async (request) => {
      const { channel } = request.params;
      const actor = signedInUser(request);
      const resumed = await app.db.transaction().execute(async (trx) => {
        const pause = await readPause(trx, channel);
        if (!(await resumeChannelIn(trx, channel))) return false;
        await audit(trx, {
          actorId: actor.id,
          action: 'channel.resumed',
          entity: 'channel',
          entityId: channel,
          before: pause && { code: pause.code, reason: pause.reason, since: pause.since },
        });
        return true;
      });
      if (resumed) app.delivery.wake();
      return { code: 200 as const, data: { resumed } };
    },
  );
}
