import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import {
  isAccountCode,
  MARKETING_OPT_OUT_CODE,
  UNDELIVERABLE_CODE,
  whatsappErrorCode,
} from '../../delivery/channels/whatsapp-codes';
import { applyLaterReport, type LaterReport } from '../../delivery/receipts';

/**
 * One entry of `entry[].changes[].value.statuses[]` in the messages webhook, as Meta's reference shows it
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status):
 * `{ id: <wamid>, status: sent | delivered | read | failed, timestamp, recipient_id, conversation?, pricing?,
 * errors?: [{ code, title, message, error_data: { details }, href }] }` (errors "only included if failure to
 * send or deliver message"). Only what we act on is read; other statuses (Meta adds some over time) pass.
 */
export const whatsappStatusSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  recipient_id: z.string().optional(),
  timestamp: z.string().optional(),
  errors: z
    .array(
      z.object({
        code: z.number().int().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
export type WhatsAppStatus = z.infer<typeof whatsappStatusSchema>;

/** What a status means for its delivery; null for a status we do not act on ('sent', or one we do not know). */
export function reportOf(status: WhatsAppStatus): LaterReport | null {
  if (status.status === 'delivered' || status.status === 'read') return { kind: 'receipt', receipt: status.status };
  if (status.status !== 'failed') return null;
  const first = status.errors?.[0];
  const code = first?.code;
  const words = first?.title ?? first?.message ?? 'failed';
  const details = first?.error_data?.details;
  const error = `${code ?? ''} ${words}${details && details !== words ? `: ${details}` : ''}`.trim();
  if (code === undefined) return { kind: 'failed', code: whatsappErrorCode('unknown'), error };
  if (isAccountCode(code)) return { kind: 'account', code: whatsappErrorCode(code), error };
  // 131026 can pass (an old app, terms not yet accepted): a number is retired on the second in a row.
  if (code === UNDELIVERABLE_CODE)
    return { kind: 'failed', code: whatsappErrorCode(code), error, subscriber: 'retireIfRepeated' };
  // Marketing messages only: events stop, janaza notices (utility) go on (docs/product/delivery.md).
  if (code === MARKETING_OPT_OUT_CODE)
    return { kind: 'failed', code: whatsappErrorCode(code), error, subscriber: { stopTopic: 'events' } };
  return { kind: 'failed', code: whatsappErrorCode(code), error };
}

/**
 * Applies the statuses in the order given. A status about a message we do not know, or one we cannot read,
 * is ignored: the notification is still acknowledged, or Meta would send it again for days.
 */
export async function applyWhatsAppStatuses(
  db: Kysely<Database>,
  statuses: unknown[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  for (const raw of statuses) {
    const parsed = whatsappStatusSchema.safeParse(raw);
    if (!parsed.success) continue;
    const status = parsed.data;
    const report = reportOf(status);
    if (!report) continue;
    const result = await applyLaterReport(db, 'whatsapp', status.id, report);
    if (result === 'applied' && report.kind === 'account')
      log.warn(
        { code: report.code, error: report.error },
        'WhatsApp reported an account-level refusal; the channel is paused',
      );
  }
}
