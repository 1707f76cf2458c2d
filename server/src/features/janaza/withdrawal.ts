import {
  catalogues,
  JANAZA_PATHS,
  janazaIdParamsSchema,
  janazaNoticeSchema,
  janazaWithdrawalSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STAFF } from '../../auth/rights';
import { HttpError } from '../../web/errors';
import { registerWithdrawalRoute } from '../delivery/withdrawal-route';
import { toNotice } from './json';
import { findNotice } from './store';

const m = catalogues.janaza.en;

/**
 * Withdrawing an approved notice (docs/product/rules.md#withdrawing-a-sent-notice): staff give a reason (kept
 * for staff and audited, never sent); what is not sent yet is dropped; everyone a message reached gets a short
 * cancellation on their channel (a sending like a correction, marked `cancellation`, janaza-first and paced); the
 * feed and the .ics say it is cancelled. Final: a withdrawn notice can no longer be edited or corrected.
 * 404 unknown, 409 not approved or already withdrawn. Rights: as editing notices (staff).
 */
export function registerJanazaWithdrawal(app: FastifyInstance): void {
  registerWithdrawalRoute(app, {
    path: `${JANAZA_PATHS.notices}/:id/withdrawal`,
    access: STAFF,
    params: janazaIdParamsSchema,
    body: janazaWithdrawalSchema,
    response: z.object({ code: z.literal(200), data: janazaNoticeSchema }),
    kind: 'janaza',
    audit: { entity: 'janaza_notice', action: 'janaza.withdrawn' },
    alreadyWithdrawn: m['error.alreadyWithdrawn'],
    withdraw: async (trx, { id, reason, now }) => {
      const notice = await findNotice(trx, id);
      if (!notice) throw new HttpError(404, m['error.notFound']);
      if (notice.withdrawn_at) throw new HttpError(409, m['error.alreadyWithdrawn']);
      if (notice.status !== 'approved') throw new HttpError(409, m['error.withdrawNotSent']);
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
      const withdrawn = { ...notice, withdrawn_at: now, withdrawn_reason: reason, updated_at: now };
      // A private notice's withdrawal names nobody, in the log as in the messages.
      const logged = Number(notice.is_privacy) === 1 ? {} : { name: notice.name };
      return { data: toNotice({ ...withdrawn, revision: notice.revision + 1 }), logged };
    },
  });
}
