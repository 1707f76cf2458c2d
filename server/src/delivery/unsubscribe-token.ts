import { createHmac } from 'node:crypto';
import type { HmacKey } from '../secrets';

const PURPOSE = 'ummahnotify unsubscribe link v1:';

/**
 * The secret of a subscriber's unsubscribe link: an HMAC of its id under the unsubscribe links' own key
 * (secrets.ts's purposeKey of the link secret, never the session secret), so every email can carry it while the
 * database keeps only its SHA-256 (subscribers.token_hash). Were the key to change, every subscriber would get a
 * new link, and the hash of the one before is kept (unsubscribe_legacy_tokens): links in emails sent before still
 * work.
 */
export function unsubscribeToken(key: HmacKey, subscriberId: string): string {
  return createHmac('sha256', key)
    .update(PURPOSE + subscriberId)
    .digest('base64url');
}
