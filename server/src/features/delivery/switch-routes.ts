import {
  DELIVERY_API,
  type DeliverySwitch,
  deliverySwitchResponseSchema,
  pauseDeliveryRequestSchema,
  resumeDeliveryRequestSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import { SUPERADMIN } from '../../auth/rights';
import { readSwitches, switchOffIn, switchOnIn } from '../../delivery/switch';

/** The switches as staff see them: who by name (null: the server, at start or after a restore). */
export const shownSwitches = (switches: Awaited<ReturnType<typeof readSwitches>>): DeliverySwitch[] =>
  switches.map(({ scope, reason, byName, since }) => ({ scope, reason, by: byName, since }));

/**
 * The delivery switch (docs/product/delivery.md#switching-delivery-off): a superadmin switches delivery off, on
 * every channel or one, with a reason, and on again. Each change is one activity row written with it; a resume
 * wakes this instance's worker (the others see it at their next poll).
 */
export function registerDeliverySwitch(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    DELIVERY_API.pauseDelivery,
    {
      schema: { body: pauseDeliveryRequestSchema, response: { 200: deliverySwitchResponseSchema } },
      config: { access: SUPERADMIN },
    },
    async (request) => {
      const { scope, reason } = request.body;
      const actor = signedInUser(request);
      const changed = await app.db.transaction().execute(async (trx) => {
        const row = await switchOffIn(trx, scope, reason, actor.id);
        if (!row) return false;
        await audit(trx, {
          actorId: actor.id,
          action: 'delivery.paused',
          entity: 'delivery',
          entityId: scope,
          after: { scope, reason: row.reason },
        });
        return true;
      });
      if (changed) request.log.warn({ scope }, 'delivery: switched off by a superadmin');
      return { code: 200 as const, data: { changed, switches: shownSwitches(await readSwitches(app.db)) } };
    },
  );

  typed.post(
    DELIVERY_API.resumeDelivery,
    {
      schema: { body: resumeDeliveryRequestSchema, response: { 200: deliverySwitchResponseSchema } },
      config: { access: SUPERADMIN },
    },
    async (request) => {
      const { scope, reason } = request.body;
      const actor = signedInUser(request);
      const changed = await app.db.transaction().execute(async (trx) => {
        const row = await switchOnIn(trx, scope);
        if (!row) return false;
        await audit(trx, {
          actorId: actor.id,
          action: 'delivery.resumed',
          entity: 'delivery',
          entityId: scope,
          before: { scope, reason: row.reason, since: row.since },
          ...(reason && { after: { scope, reason } }),
        });
        return true;
      });
      if (changed) {
        request.log.info({ scope }, 'delivery: switched on by a superadmin');
        app.delivery.wake();
      }
      return { code: 200 as const, data: { changed, switches: shownSwitches(await readSwitches(app.db)) } };
    },
  );
}
