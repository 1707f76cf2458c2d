import {
  catalogues,
  DELIVERY_API,
  type DeliveryKind,
  discardRequestSchema,
  discardResponseSchema,
  type WaitingSending,
  waitingResponseSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import { SUPERADMIN } from '../../auth/rights';
import type { Db } from '../../db/connect';
import { discardWaiting } from '../../delivery/discard';
import { readSwitches } from '../../delivery/switch';
import { HttpError } from '../../web/errors';

const m = catalogues.delivery.en;

/** At most this many sendings are listed: more would be a queue no restore leaves. */
const LISTED = 100;

/** The sendings with messages still pending, or not yet expanded to their recipients, newest first. */
export async function waitingSendings(db: Db): Promise<WaitingSending[]> {
  const rows = await db
    .selectFrom('outbox as o')
    .leftJoin('janaza_notices as n', (j) => j.onRef('n.id', '=', 'o.item_id').on('o.kind', '=', 'janaza'))
    .leftJoin('events as e', (j) => j.onRef('e.id', '=', 'o.item_id').on('o.kind', '=', 'events'))
    .select([
      'o.kind',
      'o.item_id',
      'o.number',
      'o.state',
      'o.created_at',
      'n.name',
      'n.due_date',
      'e.heading',
      'e.date_time',
      (eb) =>
        eb
          .selectFrom('deliveries as d')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('d.outbox_id', '=', 'o.id')
          .where('d.state', '=', 'pending')
          .as('waiting'),
    ])
    .where((eb) =>
      eb.or([
        eb('o.state', '=', 'pending'),
        eb.exists(
          eb
            .selectFrom('deliveries as d')
            .select('d.outbox_id')
            .whereRef('d.outbox_id', '=', 'o.id')
            .where('d.state', '=', 'pending'),
        ),
      ]),
    )
    .orderBy('o.created_at', 'desc')
    .limit(LISTED)
    .execute();
  return rows.map((r) => ({
    kind: r.kind as DeliveryKind,
    id: r.item_id,
    number: Number(r.number),
    title: (r.kind === 'janaza' ? r.name : r.heading) ?? '',
    createdAt: r.created_at,
    deadline: (r.kind === 'janaza' ? r.due_date : r.date_time) ?? null,
    waiting: Number(r.waiting ?? 0),
    notListed: r.state === 'pending',
  }));
}

/**
 * What a superadmin decides while delivery is switched off (docs/decisions/2026-11-29-restore-starts-paused.md):
 * the list of what would go out on resume, and the discard of one sending's waiting messages (audited).
 */
export function registerWaitingDeliveries(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    DELIVERY_API.waiting,
    { schema: { response: { 200: waitingResponseSchema } }, config: { access: SUPERADMIN } },
    async () => ({ code: 200 as const, data: { sendings: await waitingSendings(app.db) } }),
  );

  typed.post(
    DELIVERY_API.discard,
    {
      schema: { body: discardRequestSchema, response: { 200: discardResponseSchema } },
      config: { access: SUPERADMIN },
    },
    async (request) => {
      const { kind, id, number } = request.body;
      const actor = signedInUser(request);
      const discarded = await app.db.transaction().execute(async (trx) => {
        if (!(await readSwitches(trx)).some((s) => s.scope === 'all')) throw new HttpError(409, m['discard.notPaused']);
        const outbox = await trx
          .selectFrom('outbox')
          .select('id')
          .where('kind', '=', kind)
          .where('item_id', '=', id)
          .where('number', '=', number)
          .executeTakeFirst();
        if (!outbox) throw new HttpError(404, m['retry.notFound']);
        const n = await discardWaiting(trx, outbox.id, new Date().toISOString());
        await audit(trx, {
          actorId: actor.id,
          action: 'delivery.discarded',
          entity: kind === 'janaza' ? 'janaza' : 'event',
          entityId: id,
          after: { sending: number, discarded: n },
        });
        return n;
      });
      return { code: 200 as const, data: { discarded } };
    },
  );
}
