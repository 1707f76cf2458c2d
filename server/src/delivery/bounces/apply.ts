import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { BounceReport, ComplaintReport } from './report';

/** Soft bounces in a row that retire an address (a mailbox full for three sendings is not coming back soon). */
export const SOFT_BOUNCE_LIMIT = 3;

/**
 * Mailbox-level codes, the only ones that retire an address (docs/decisions/2026-11-28-delivery-that-hears-back.md):
 * 5.1.x the address (5.1.1 no such user, 5.1.10 Microsoft's recipient not found), 5.2.1 the mailbox disabled.
 * Any other 5.x.x fails that message only (RFC 3463: 5.7.x is policy, 5.4.x routing, 5.0.0 undefined).
 */
const retiresAddress = (status: string) => /^5\.1\.\d+$/.test(status) || status === '5.2.1';

export type Applied =
  | { outcome: 'unknown' }
  | {
      outcome: 'failed' | 'retired' | 'soft' | 'soft-retired' | 'soft-again' | 'complaint';
      outboxId: string;
      subscriberId: string;
    };

const MAX_ERROR_LENGTH = 500;

/**
 * Acts on a bounce or complaint for the email delivery whose provider_id is one of its tags (the first that
 * names one). Hard bounce: the delivery fails with bounce:<status> and the remote server's words, and a
 * mailbox-level code retires the address. Soft bounce: the delivery stays sent, noted with its code, and the
 * subscriber's soft_bounces grows, once per delivery (an MTA's repeated "delayed" notices for one mail count
 * once); at SOFT_BOUNCE_LIMIT the address is retired. Complaint: the person is unsubscribed from every topic
 * and the delivery, which did arrive, keeps its state with the code `complaint`.
 */
export async function applyReport(db: Db, report: BounceReport | ComplaintReport): Promise<Applied> {
  if (report.tags.length === 0) return { outcome: 'unknown' };
  const found = await db
    .selectFrom('deliveries')
    .select(['outbox_id', 'subscriber_id', 'provider_id', 'error_code', 'state'])
    .where('channel', '=', 'email')
    .where('provider_id', 'in', report.tags)
    .execute();
  const delivery = report.tags.map((t) => found.find((d) => d.provider_id === t)).find((d) => d !== undefined);
  if (!delivery) return { outcome: 'unknown' };
  const now = new Date().toISOString();
  const key = { outboxId: delivery.outbox_id, subscriberId: delivery.subscriber_id };

  return db.transaction().execute(async (trx) => {
    const thisDelivery = trx
      .updateTable('deliveries')
      .where('outbox_id', '=', delivery.outbox_id)
      .where('subscriber_id', '=', delivery.subscriber_id);
    const retire = () =>
      trx
        .updateTable('subscribers')
        .set({ active: 0, deactivated_at: now, updated_at: now })
        .where('id', '=', delivery.subscriber_id)
        .where('active', '=', 1)
        .execute();

    if (report.kind === 'complaint') {
      await thisDelivery
        .set({ error_code: 'complaint', last_error: `spam complaint (${report.feedbackType})`, updated_at: now })
        .execute();
      await retire();
      return { outcome: 'complaint', ...key };
    }
    const code = `bounce:${report.status}`;
    const error = report.diagnostic.slice(0, MAX_ERROR_LENGTH);
    if (!report.soft) {
      await thisDelivery
        .set({ state: 'failed', error_code: code, last_error: error, updated_at: now })
        .where('state', 'in', ['sent', 'failed'])
        .execute();
      if (!retiresAddress(report.status)) return { outcome: 'failed', ...key };
      await retire();
      return { outcome: 'retired', ...key };
    }
    if (delivery.error_code?.startsWith('bounce:')) return { outcome: 'soft-again', ...key };
    await thisDelivery.set({ error_code: code, last_error: error, updated_at: now }).execute();
    await trx
      .updateTable('subscribers')
      .set({ soft_bounces: sql<number>`soft_bounces + 1`, updated_at: now })
      .where('id', '=', delivery.subscriber_id)
      .execute();
    const counted = await trx
      .selectFrom('subscribers')
      .select('soft_bounces')
      .where('id', '=', delivery.subscriber_id)
      .executeTakeFirst();
    if (Number(counted?.soft_bounces ?? 0) < SOFT_BOUNCE_LIMIT) return { outcome: 'soft', ...key };
    await retire();
    return { outcome: 'soft-retired', ...key };
  });
}
