import {
  catalogues,
  EVENT_PATHS,
  eventAnswerSchema,
  eventIdParamsSchema,
  eventWithdrawalSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import { STAFF } from '../../auth/rights';
import { HttpError } from '../../web/errors';
import { registerWithdrawalRoute } from '../delivery/withdrawal-route';
import { toEvent } from './json';

const m = catalogues.events.en;

/**
 * Withdrawing a published event (docs/product/rules.md#event), as a janaza notice is withdrawn: everyone a message
 * reached gets a short cancellation, what is not sent yet is dropped, the feed and the .ics say it is cancelled.
 * Final: a withdrawn event can no longer be edited, published or corrected (it can be deleted). 404 unknown, 409 not
 * published or already withdrawn. Rights: as editing events (staff).
 */
export function registerEventWithdrawal(app: FastifyInstance): void {
  registerWithdrawalRoute(app, {
    path: EVENT_PATHS.withdrawal(':id'),
    access: STAFF,
    params: eventIdParamsSchema,
    body: eventWithdrawalSchema,
    response: eventAnswerSchema,
    kind: 'events',
    audit: { entity: 'event', action: 'event.withdrawn' },
    alreadyWithdrawn: m['error.alreadyWithdrawn'],
    withdraw: async (trx, { id, reason, now, actorId }) => {
      const event = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
      if (!event) throw new HttpError(404, m['server.notFound']);
      if (event.withdrawn_at) throw new HttpError(409, m['error.alreadyWithdrawn']);
      if (Number(event.published) !== 1) throw new HttpError(409, m['error.withdrawNotPublished']);
      // Compare-and-set: of two withdrawals at once, one writes; the other is told it was already done.
      const result = await trx
        .updateTable('events')
        .set((eb) => ({
          withdrawn_at: now,
          withdrawn_reason: reason,
          updated_by: actorId,
          updated_at: now,
          revision: eb('revision', '+', 1),
        }))
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, m['error.alreadyWithdrawn']);
      const withdrawn = { ...event, withdrawn_at: now, withdrawn_reason: reason, updated_at: now };
      return { data: toEvent({ ...withdrawn, revision: event.revision + 1 }), logged: { heading: event.heading } };
    },
  });
}
