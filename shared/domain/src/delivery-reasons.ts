/**
 * What a failure's or a pause's code ('<provider>:<code>', deliveries.error_code and channel_pauses.code) means
 * to staff: the key of its words in the delivery catalogue. Codes as the channels write them
 * (docs/decisions/2026-11-28-delivery-that-hears-back.md); one the table does not know falls back to
 * "N failed (code)" or "refused by the provider", with the code shown.
 */

/** Meta's codes for a message not delivered (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
const WHATSAPP_FAILURES: Record<string, string> = {
  '131026': 'failure.notOnWhatsApp',
  '131050': 'failure.marketingOptOut',
  '131047': 'failure.outsideWindow',
  '131049': 'failure.heldByMeta',
  '130472': 'failure.heldByMeta',
};

/** Enhanced mail status codes (RFC 3463) of the recipient's mailbox, from the relay (smtp:) or a later bounce. */
function mailFailure(status: string): string | null {
  if (/^5\.1\.\d+$/.test(status)) return 'failure.noMailbox';
  if (status === '5.2.1') return 'failure.mailboxDisabled';
  if (/^[45]\.2\.2$/.test(status)) return 'failure.mailboxFull';
  return null;
}

/** The catalogue key of a group of failures: "{{count}} not on WhatsApp", "{{count}} failed ({{code}})". */
export function failureReasonKey(code: string | null): string {
  if (code === null || code === '') return 'failure.noCode';
  if (code === 'complaint') return 'failure.complaint';
  if (code === 'withdrawn') return 'failure.withdrawn';
  if (code === 'discarded') return 'failure.discarded';
  const [provider, own = ''] = splitCode(code);
  if (provider === 'whatsapp') return WHATSAPP_FAILURES[own] ?? 'failure.other';
  if (provider === 'smtp') return mailFailure(own) ?? 'failure.other';
  if (provider === 'bounce') return mailFailure(own) ?? 'failure.bounced';
  if (provider === 'telegram' && own === '403') return 'failure.blockedBot';
  if (provider === 'webpush' && (own === '404' || own === '410')) return 'failure.subscriptionGone';
  return 'failure.other';
}

/** Meta's codes that refuse the business account (whatsapp-codes.ts in the server has the whole list). */
const WHATSAPP_PAUSES: Record<string, string> = {
  '132015': 'pause.templatePaused',
  '132016': 'pause.templateDisabled',
  '132001': 'pause.templateMissing',
  '190': 'pause.tokenRefused',
  '0': 'pause.tokenRefused',
  '131042': 'pause.payment',
  '131031': 'pause.accountLocked',
  '368': 'pause.accountRestricted',
  '130497': 'pause.accountRestricted',
};

/** SMTP codes of a refused login: nodemailer's EAUTH, 535 / 5.7.8, 530 / 5.7.0 (RFC 4954 §6). */
const SMTP_LOGIN = new Set(['EAUTH', '535', '530', '5.7.8', '5.7.0']);

/** The catalogue key of why a channel is paused: "template paused by Meta", "the relay refused the sender". */
export function pauseReasonKey(code: string): string {
  const [provider, own = ''] = splitCode(code);
  if (provider === 'whatsapp') return WHATSAPP_PAUSES[own] ?? 'pause.other';
  if (provider === 'smtp') {
    if (SMTP_LOGIN.has(own)) return 'pause.loginRefused';
    if (/^5\.7\.\d+$/.test(own) || own === '5.1.7' || own === '5.1.8') return 'pause.senderRefused';
    return 'pause.other';
  }
  if (provider === 'telegram' && (own === '401' || own === '404')) return 'pause.botTokenRefused';
  return 'pause.other';
}

/** The provider's own code, as staff may look it up: 'whatsapp:132015' is 132015, 'complaint' stays. */
export function providerCode(code: string): string {
  const [provider, own] = splitCode(code);
  return own ?? provider;
}

function splitCode(code: string): [string, string | undefined] {
  const at = code.indexOf(':');
  return at < 0 ? [code, undefined] : [code.slice(0, at), code.slice(at + 1)];
}
