/** Gmail ignores dots in the local part, and googlemail.com is the same mailbox as gmail.com. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an email address reaches, for counting only (the address stored and mailed stays as
 * typed): lower case, `+tag` removed (every domain: most providers deliver it to the same mailbox, and
 * counting too much is safer than too little), and for Gmail the dots removed and googlemail.com read
 * as gmail.com. No library does exactly this: validator's normalizeEmail keeps `+tag` except at the
 * providers it lists, and the small ones are unmaintained.
 */
export function mailboxOf(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}

/** The domain part of a mailbox (mailboxOf's answer). */
export const domainOf = (mailbox: string): string => mailbox.slice(mailbox.lastIndexOf('@') + 1);
