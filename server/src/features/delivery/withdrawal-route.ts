import type { DeliveryKind } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import type { Access } from '../../auth/rights';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { enqueueCorrection } from '../../delivery/outbox';
import { dropUnsent } from '../../delivery/withdrawn';
import { HttpError } from '../../web/errors';

interface WithdrawalRoute {
  path: string;
  access: Access;
  params: z.ZodObject<{ id: z.ZodType<string> }>;
  body: z.ZodObject<{ reason: z.ZodType<string, unknown> }>;
  /** The answer: `{code: 200, data}` with the item as the section answers it. */
  response: z.ZodType;
  kind: DeliveryKind;
  audit: { entity: string; action: string };
  /** The section's text for a second withdrawal (two at once: the one that lost). */
  alreadyWithdrawn: string;
  /**
   * Throws the 404 or 409 that stops the withdrawal, else marks the item withdrawn with a compare-and-set on
   * `withdrawn_at` (raising its calendar file's SEQUENCE) and returns it as answered and what the log may name.
   */
  withdraw: (
    trx: Transaction<Database>,
    change: { id: string; reason: string; now: string; actorId: string },
  ) => Promise<{ data: unknown; logged: Record<string, unknown> }>;
}

/**
 * "Withdraw" of a sent item, the same for every section that broadcasts (docs/product/rules.md): in one transaction
 * the item is marked withdrawn, what it has not sent yet is dropped, and a cancellation sending to whoever it reached
 * is queued; audited with the reason (staff's, never sent). Answered 200 with the item.
 */
export function registerWithdrawalRoute(app: FastifyInstance, route: WithdrawalRoute): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    route.path,
    {
      schema: { params: route.params, body: route.body, response: { 200: route.response } },
      config: { access: route.access },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const actor = signedInUser(request);
      const data = await app.db
        .transaction()
        .execute(async (trx) => {
          const now = new Date().toISOString();
          const { data, logged } = await route.withdraw(trx, { id, reason, now, actorId: actor.id });
          await dropUnsent(trx, route.kind, id, now);
          const cancellation = await enqueueCorrection(trx, route.kind, id, actor.id, true);
          await audit(trx, {
            actorId: actor.id,
            ...route.audit,
            entityId: id,
            after: { ...logged, reason, cancellation },
          });
          return data;
        })
        .catch((error) => {
          throw isUniqueViolation(error) ? new HttpError(409, route.alreadyWithdrawn) : error;
        });
      app.delivery.wake();
      return { code: 200 as const, data };
    },
  );
}
