import { createHmac } from 'node:crypto';

const PURPOSE = 'ummahnotify unsubscribe link v1:';

/**
 * The secret of a subscriber's unsubscribe link: an HMAC of its id under the server's key, so every
 * email can carry it while the database keeps only its SHA-256 (subscribers.token_hash). Changing the
 * key (SESSION_SECRET) gives every subscriber a new link; links in emails sent before stop working.
 */
export function unsubscribeToken(key: string, subscriberId: string): string {
  return createHmac('sha256', key)
    .update(PURPOSE + subscriberId)
    .digest('base64url');
}
