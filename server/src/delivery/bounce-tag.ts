import { createHmac } from 'node:crypto';
import { BOUNCE_TAG_LENGTH } from '../config';
import type { HmacKey } from '../secrets';

const PURPOSE = 'ummahnotify bounce tag v1:';

/**
 * The VERP tag of one delivery (an outbox row to one subscriber): an HMAC of both ids under the bounce tags' own
 * key (secrets.ts's purposeKey of the link secret), its first 13 bytes in lower-case hex (26 characters, 104 bits). Mail sent for
 * the delivery goes from <local>+<tag>@<domain> and carries it in DELIVERY_HEADER; the delivery keeps it
 * as its provider_id, so a bounce or complaint finds it by an indexed lookup. Nobody without the key can
 * make the tag of someone else's delivery, so a forged report retires nobody. Hex, not base64: mail
 * systems may change the case of an address's local part.
 */
export function bounceTag(key: HmacKey, outboxId: string, subscriberId: string): string {
  return createHmac('sha256', key)
    .update(`${PURPOSE}${outboxId} ${subscriberId}`)
    .digest('hex')
    .slice(0, BOUNCE_TAG_LENGTH);
}

/** The header naming the delivery in each notice mail: complaint reports keep the headers but may hide the recipient. */
export const DELIVERY_HEADER = 'X-UmmahNotify-Delivery';

const TAG = new RegExp(`^[0-9a-f]{${BOUNCE_TAG_LENGTH}}$`);

/** A well-formed tag (lower-cased), or undefined. */
export function tagFrom(text: string | undefined): string | undefined {
  const tag = text?.trim().toLowerCase();
  return tag && TAG.test(tag) ? tag : undefined;
}

/** The envelope sender of a delivery's mail: bounces@example.org -> bounces+<tag>@example.org. */
export function verpAddress(bounceAddress: string, tag: string): string {
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${tag}${bounceAddress.slice(at)}`;
}

/** The tag in an address made by verpAddress for this bounce address (case-insensitive), or undefined. */
export function tagInAddress(bounceAddress: string, address: string): string | undefined {
  const at = bounceAddress.lastIndexOf('@');
  const local = bounceAddress.slice(0, at).toLowerCase();
  const domain = bounceAddress.slice(at + 1).toLowerCase();
  const match = /^<?\s*([^@\s<>]+)@([^@\s<>]+?)\s*>?$/.exec(address.trim().toLowerCase());
  if (!match || match[2] !== domain) return undefined;
  const [base, tag] = [match[1].slice(0, match[1].lastIndexOf('+')), match[1].slice(match[1].lastIndexOf('+') + 1)];
  return base === local ? tagFrom(tag) : undefined;
}
