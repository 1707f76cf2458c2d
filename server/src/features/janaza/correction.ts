import { catalogues, DELIVERY_API, janazaIdParamsSchema } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import { STAFF } from '../../auth/rights';
import { HttpError } from '../../web/errors';
import { registerCorrectionRoute } from '../delivery/correction-route';
import { findNotice } from './store';

const m = catalogues.delivery.en;

/**
 * "Send correction" of a sent janaza notice. Refused (404) for an unknown notice and (409) for a rejected one,
 * one never sent, or while another correction is being queued. Rights: as editing notices (staff).
 */
export function registerJanazaCorrection(app: FastifyInstance): void {
  registerCorrectionRoute(app, {
    path: DELIVERY_API.janazaCorrection(':id'),
    access: STAFF,
    params: janazaIdParamsSchema,
    kind: 'janaza',
    audit: { entity: 'janaza', action: 'janaza.corrected' },
    messages: { concurrent: m['correction.concurrent'], neverSent: m['correction.neverSent'] },
    check: async (trx, id) => {
      const notice = await findNotice(trx, id);
      if (!notice) throw new HttpError(404, m['correction.notFound']);
      if (notice.status === 'rejected') throw new HttpError(409, m['correction.rejected']);
      if (notice.withdrawn_at) throw new HttpError(409, catalogues.janaza.en['error.withdrawnLocked']);
    },
  });
}
