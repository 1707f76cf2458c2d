import {
  catalogues,
  JANAZA_PATHS,
  janazaIdParamsSchema,
  janazaNoticeSchema,
  janazaWithdrawalSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import { STAFF } from '../../auth/rights';
import { isUniqueViolation } from '../../db/errors';
import { enqueueCorrection } from '../../delivery/outbox';
import { dropUnsent } from '../../delivery/withdrawn';
import { HttpError } from '../../web/errors';
import { toNotice } from './json';
import { findNotice } from './store';

const m = catalogues.janaza.en;

const answer = z.object({ code: z.literal(200), data: janazaNoticeSchema });

/**
 * Withdrawing an approved notice (docs/product/rules.md#withdrawing-a-sent-notice): staff give a reason (kept
 * for staff and audited, never sent); what is not sent yet is dropped; everyone a message reached gets a short
 * cancellation on their channel (a sending like a correction, marked `cancellation`, janaza-first and paced); the
 * feed and the .ics say it is cancelled. Final: a withdrawn notice can no longer be edited or corrected.
 * 404 unknown, 409 not approved or already withdrawn. Rights: as editing notices (staff).
 */
export function registerJanazaWithdrawal(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${JANAZA_PATHS.notices}/:id/withdrawal`,
    {
      schema: { params: janazaIdParamsSchema, body: janazaWithdrawalSchema, response: { 200: answer } },
      config: { access: STAFF },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const actor = signedInUser(request);
      const withdrawn = await app.db
        .transaction()
        .execute(async (trx) => {
          const notice = await findNotice(trx, id);
          if (!notice) throw new HttpError(404, m['error.notFound']);
          if (notice.withdrawn_at) throw new HttpError(409, m['error.alreadyWithdrawn']);
          if (notice.status !== 'approved') throw new HttpError(409, m['error.withdrawNotSent']);
          const now = new Date().toISOString();
          // Compare-and-set: of two withdrawals at once, one writes; the other is told it was already done.
          const result = await trx
            .updateTable('janaza_notices')
            .set((eb) => ({
              withdrawn_at: now,
              withdrawn_reason: reason,
              updated_at: now,
              revision: eb('revision', '+', 1),
            }))
            .where('id', '=', id)
            .where('withdrawn_at', 'is', null)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, m['error.alreadyWithdrawn']);
          await dropUnsent(trx, id, now);
          const cancellation = await enqueueCorrection(trx, 'janaza', id, actor.id, true);
          // A private notice's withdrawal names nobody, in the log as in the messages.
          const named = Number(notice.is_privacy) === 1 ? {} : { name: notice.name };
          await audit(trx, {
            actorId: actor.id,
            action: 'janaza.withdrawn',
            entity: 'janaza_notice',
            entityId: id,
            after: { ...named, reason, cancellation },
          });
          return {
            ...notice,
            withdrawn_at: now,
            withdrawn_reason: reason,
            updated_at: now,
            revision: notice.revision + 1,
          };
        })
        .catch((error) => {
          throw isUniqueViolation(error) ? new HttpError(409, m['error.alreadyWithdrawn']) : error;
        });
      app.delivery.wake();
      return { code: 200 as const, data: toNotice(withdrawn) };
    },
  );
}
