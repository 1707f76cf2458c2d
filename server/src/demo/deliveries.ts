import { randomUUID } from 'node:crypto';
import type { DeliveryKind } from '@ummahnotify/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connect';
import type { DeliveriesTable, OutboxTable } from '../db/schema';
import { EXPIRED_ERROR } from '../delivery/expiry';

/** About one message in this many failed (an old phone number, a full mailbox): a believable story. */
const FAILED_EVERY = 23;
/** Why a demo message failed, per channel, as its provider reports it (deliveries.error_code). */
const FAILED_BECAUSE: Record<string, { code: string; error: string }> = {
  whatsapp: { code: 'whatsapp:131026', error: 'Message undeliverable' },
  email: { code: 'bounce:5.1.1', error: '550 5.1.1 The email account that you tried to reach does not exist' },
  telegram: { code: 'telegram:403', error: '403 Forbidden: bot was blocked by the user' },
  webpush: { code: 'webpush:410', error: 'push service answered 410' },
};
/** Of the WhatsApp messages that went, about one in this many was reported read (the rest delivered). */
const READ_EVERY = 3;
/** The demo's broadcasts went out this long after their approval or publication. */
const SENT_AFTER_MS = 90_000;
/** The demo's one correction was sent this long after its notice's first broadcast. */
const CORRECTED_AFTER_MS = 20 * 60_000;

interface Sent {
  kind: DeliveryKind;
  itemId: string;
  at: string;
  /** The sending's number: 0 the broadcast, 1 a correction. */
  number: number;
  /** A janaza notice whose prayer time has passed: the sending's last delivery was not sent by then. */
  expired?: boolean;
}

/**
 * Demo mode: the approved sample notices and published sample events were sent before the visitor
 * came, so the lists show delivery counts instead of 'Not sent': one notice with a correction, and
 * the notice whose prayer has passed with one message that expired; a few failed, each with its provider's
 * reason, and WhatsApp's messages reported delivered or read. Only history is written: each
 * broadcast is already expanded and every delivery finished (sent or failed), so the worker finds
 * nothing to send, and the recipients are the demo subscribers (whom nothing is ever sent to).
 */
export async function seedDemoDeliveries(db: Db): Promise<void> {
  const notices = await db
    .selectFrom('janaza_notices')
    .select(['id', 'status_changed_at', 'created_at', 'due_date'])
    .where('status', '=', 'approved')
    .orderBy('due_date')
    .execute();
  const events = await db
    .selectFrom('events')
    .select(['id', 'published_at', 'created_at'])
    .where('published', '=', 1)
    .execute();
  const now = Date.now();
  const sent: Sent[] = [
    ...notices.map((n) => ({
      kind: 'janaza' as const,
      itemId: n.id,
      at: n.status_changed_at ?? n.created_at,
      number: 0,
      expired: Date.parse(n.due_date) < now,
    })),
    ...events.map((e) => ({ kind: 'events' as const, itemId: e.id, at: e.published_at ?? e.created_at, number: 0 })),
  ];
  // The story: the first upcoming approved notice had its place corrected after it went out.
  const corrected = sent.find((s) => s.kind === 'janaza' && !s.expired);
  if (corrected) {
    const at = Math.min(Date.parse(corrected.at) + CORRECTED_AFTER_MS, now - SENT_AFTER_MS);
    sent.push({ ...corrected, number: 1, at: new Date(at).toISOString() });
  }
  if (sent.length === 0) return;
  const subscribers = await db
    .selectFrom('subscribers')
    .select(['id', 'channel', 'topic_janaza', 'topic_events', 'created_at'])
    .where('demo', '=', 1)
    .where('active', '=', 1)
    .where('confirmed', '=', 1)
    .orderBy('created_at')
    .execute();

  for (const item of sent) {
    const outbox: Insertable<OutboxTable> = {
      id: randomUUID(),
      kind: item.kind,
      item_id: item.itemId,
      number: item.number,
      state: 'expanded',
      created_by: null,
      created_at: item.at,
      expanded_at: item.at,
      cancellation: 0,
    };
    const finished = new Date(Date.parse(item.at) + SENT_AFTER_MS).toISOString();
    const recipients = subscribers.filter(
      (s) => (item.kind === 'janaza' ? s.topic_janaza : s.topic_events) === 1 && s.created_at <= item.at,
    );
    const deliveries: Insertable<DeliveriesTable>[] = recipients.map((s, i) => {
      // A notice whose prayer has passed: its last message was still being retried then, and expired.
      if (item.expired && i === recipients.length - 1)
        return {
          outbox_id: outbox.id,
          subscriber_id: s.id,
          channel: s.channel,
          state: 'expired',
          attempts: 3,
          last_error: EXPIRED_ERROR,
          next_attempt_at: finished,
          locked_until: null,
          claim: null,
          updated_at: finished,
        };
      const failed = (i + 1) % FAILED_EVERY === 0;
      const because = failed ? FAILED_BECAUSE[s.channel] : undefined;
      return {
        outbox_id: outbox.id,
        subscriber_id: s.id,
        channel: s.channel,
        state: failed ? 'failed' : 'sent',
        attempts: 1,
        last_error: because ? `demo: ${because.error}` : null,
        error_code: because?.code ?? null,
        // WhatsApp reports what became of a message: delivered, or read.
        receipt: s.channel === 'whatsapp' && !failed ? (i % READ_EVERY === 0 ? 'read' : 'delivered') : null,
        next_attempt_at: finished,
        locked_until: null,
        claim: null,
        updated_at: finished,
      };
    });
    await db.insertInto('outbox').values(outbox).execute();
    for (let i = 0; i < deliveries.length; i += 100)
      await db
        .insertInto('deliveries')
        .values(deliveries.slice(i, i + 100))
        .execute();
  }
}
