/**
 * The fake Cloud API's status webhooks (opt-in: `api.statuses.reportTo(url)`), as Meta sends them after
 * accepting a message. Meta's reference, "Status messages webhook"
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status):
 * a POST of `{ object: 'whatsapp_business_account', entry: [{ id: <WABA id>, changes: [{ field: 'messages',
 * value: { messaging_product: 'whatsapp', metadata: { display_phone_number, phone_number_id }, statuses: [{
 * id: <wamid>, status, timestamp, recipient_id, pricing?, errors? }] } }] }] }`; `pricing` comes "with sent
 * status, and one of either delivered or read status", `errors` "only included if failure to send or
 * deliver message", each `{ code, title, message, error_data: { details }, href }`.
 * Signed like every Graph webhook (https://developers.facebook.com/docs/graph-api/webhooks/getting-started,
 * "Validate Payloads"): X-Hub-Signature-256 = 'sha256=' + hex HMAC-SHA256 of the raw body with the app secret.
 * Meta does not promise their order, and sends one again when the answer is not a 200: `report()` can
 * reverse them and send each twice.
 */

/** What becomes of a message to a person the test marked: delivered (the default), read, or failed with a code. */
export type Fate = { status: 'delivered' } | { status: 'read' } | { status: 'failed'; code: number };

/**
 * Titles and details from Meta's error-codes page
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 */
const META_ERRORS: Record<number, { title: string; details: string }> = {
  131026: {
    title: 'Message undeliverable',
    details:
      'Unable to deliver message. Reasons can include: The recipient phone number is not a WhatsApp phone number; the recipient has not accepted the new Terms of Service and Privacy Policy; the recipient is using an old WhatsApp version.',
  },
  131050: {
    title:
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business',
    details: 'The user has stopped marketing messages from the business.',
  },
  132015: {
    title: 'Template is Paused',
    details: 'Template is paused due to low quality so it cannot be sent in a template message.',
  },
};
const ERROR_CODES_HREF =
  'https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes';

export interface StatusReports {
  /** Status notifications go to this webhook URL from now on (nothing is sent without it). */
  reportTo(url: string): void;
  /** Messages to this number end as `fate` (default: sent, then delivered). */
  mark(phone: string, fate: Fate): void;
  /** Notifications waiting to be sent. */
  readonly waiting: number;
  /**
   * Sends the waiting notifications, each signed, in the order the statuses happened or reversed, each
   * once or twice; the answers' statuses.
   */
  report(options?: { reversed?: boolean; twice?: boolean }): Promise<number[]>;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * A Cloud API webhook notification as Meta posts it (field `messages`): the envelope around `value`, which holds
 * `messages` (people's replies) or `statuses` (what became of what the business sent).
 */
export const webhookNotification = (phoneId: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '200000000000002',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '6560000000', phone_number_id: phoneId },
            ...value,
          },
        },
      ],
    },
  ],
});

export function statusReports(
  phoneId: string,
  sign: (raw: string) => string,
  clock: () => number,
): StatusReports & { accepted(id: string, to: string): void } {
  let url: string | null = null;
  const fates = new Map<string, Fate>();
  const waiting: unknown[] = [];

  const notification = (status: Record<string, unknown>) => webhookNotification(phoneId, { statuses: [status] });
  const pricing = { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' };

  return {
    reportTo(to) {
      url = to;
    },
    mark(phone, fate) {
      fates.set(digits(phone), fate);
    },
    get waiting() {
      return waiting.length;
    },
    accepted(id, to) {
      if (!url) return;
      const recipient_id = digits(to);
      const fate = fates.get(recipient_id) ?? { status: 'delivered' };
      const at = () => String(Math.floor(clock() / 1000));
      if (fate.status === 'failed') {
        const known = META_ERRORS[fate.code] ?? { title: `Error ${fate.code}`, details: `Error ${fate.code}` };
        const error = {
          code: fate.code,
          title: known.title,
          message: known.title,
          error_data: { details: known.details },
          href: ERROR_CODES_HREF,
        };
        waiting.push(notification({ id, status: 'failed', timestamp: at(), recipient_id, errors: [error] }));
        return;
      }
      for (const status of fate.status === 'read' ? ['sent', 'delivered', 'read'] : ['sent', 'delivered'])
        waiting.push(notification({ id, status, timestamp: at(), recipient_id, pricing }));
    },
    async report({ reversed = false, twice = false } = {}) {
      const target = url;
      if (!target) throw new Error('statuses.reportTo(url) first');
      const batch = waiting.splice(0);
      if (reversed) batch.reverse();
      const answers: number[] = [];
      for (const payload of twice ? batch.flatMap((p) => [p, p]) : batch) {
        const raw = JSON.stringify(payload);
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
          body: raw,
        });
        await response.arrayBuffer();
        answers.push(response.status);
      }
      return answers;
    },
  };
}
