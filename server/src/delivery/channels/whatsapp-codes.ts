import type { ErrorCode } from './types';

/**
 * What a Cloud API error code means for us, whether it comes in the answer to a send or later in a status
 * webhook. Meta's error-codes page
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes) sorts them:
 *
 * - The business account's (the channel pauses, nobody fails: delivery/pauses.ts):
 *   Authorization errors: 0 (AuthException: "unable to authenticate the app user", a token expired or
 *   invalidated), 3 (capability or permissions issue), 10 (permission denied), 190 (access token expired),
 *   200-299 (API permission not granted or removed); 131005 (access denied, a permission not granted or
 *   removed). Integrity errors: 368 (temporarily blocked for policies violations), 130497 (the business
 *   account is restricted from messaging users in this country), 131031 (account locked). The business's
 *   own setup: 33 (the business phone number has been deleted), 131037 (the number needs its display name
 *   approved), 131042 (business eligibility payment issue), 131045 (certificate: the number's registration),
 *   131057 (account in maintenance mode), 133010 (phone number not registered), and the templates every
 *   message uses: 132001 (template does not exist), 132015 (template paused for low quality), 132016
 *   (template disabled).
 * - 131026 (message undeliverable: the number is not on WhatsApp, has not accepted the terms, runs an old
 *   version, or blocked us): the recipient's.
 * - 131050 (the user stopped marketing messages from the business): that kind of message only.
 * Everything else fails one message (or is a pace or server answer, which whatsapp.ts tells apart).
 */
const ACCOUNT_CODES = new Set([
  0, 3, 10, 33, 190, 368, 130497, 131005, 131031, 131037, 131042, 131045, 131057, 132001, 132015, 132016, 133010,
]);
export const UNDELIVERABLE_CODE = 131026;
export const MARKETING_OPT_OUT_CODE = 131050;

export const isAccountCode = (code: number): boolean => ACCOUNT_CODES.has(code) || (code >= 200 && code <= 299);

/** The code as deliveries.error_code keeps it. */
export const whatsappErrorCode = (code: number | string): ErrorCode => `whatsapp:${code}`;
