import { catalogues, EVENT_PATHS, eventIdParamsSchema } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import { STAFF } from '../../auth/rights';
import { HttpError } from '../../web/errors';
import { registerCorrectionRoute } from '../delivery/correction-route';
import { refuseWithdrawn } from './store';

const m = catalogues.events.en;

/**
 * "Send correction" of a published event (docs/product/delivery.md#what-is-sent), as for a sent janaza notice. Refused (404) for an
 * unknown event and (409) when it is not published, was never sent, or while another correction is being
 * queued. Rights: as editing events (staff).
 */
export function registerEventCorrection(app: FastifyInstance): void {
  registerCorrectionRoute(app, {
    path: EVENT_PATHS.correction(':id'),
    access: STAFF,
    params: eventIdParamsSchema,
    kind: 'events',
    audit: { entity: 'event', action: 'event.corrected' },
    messages: { concurrent: m['correction.concurrent'], neverSent: m['correction.neverSent'] },
    check: async (trx, id) => {
      const event = await trx
        .selectFrom('events')
        .select(['id', 'published', 'withdrawn_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!event) throw new HttpError(404, m['server.notFound']);
      refuseWithdrawn(event);
      if (Number(event.published) !== 1) throw new HttpError(409, m['correction.notPublished']);
    },
  });
}
