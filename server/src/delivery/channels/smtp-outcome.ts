import { accountRefusal, paced, pacedUnstated, type SendOutcome } from './types';

/** What nodemailer puts on a failed send (smtp-connection's _formatError), and on each of info.rejectedErrors. */
export interface SmtpFailure {
  responseCode?: number;
  /** nodemailer's own: EAUTH, EENVELOPE, ECONNECTION, ETIMEDOUT, ... */
  code?: string;
  /** the SMTP command answered: 'MAIL FROM', 'RCPT TO', 'DATA', 'AUTH PLAIN', or 'API'/'CONN' for local errors */
  command?: string;
  /** the server's reply as received, e.g. '550 5.7.1 Relaying denied' */
  response?: string;
  message?: string;
}

/** A greylisted recipient is tried again after a minute (greylisting servers ask for one to five). */
const GREYLIST_WAIT_MS = 60_000;

/**
 * The enhanced status code of a reply (RFC 3463 §2: class.subject.detail, written after the reply code as
 * RFC 2034 §4 says), when its class agrees with the reply code's first digit; else null.
 */
export function enhancedCode(response: string | undefined, responseCode: number | undefined): string | null {
  const match = /^(\d)\d\d[ -]([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/.exec(response ?? '');
  if (!match || (responseCode !== undefined && String(responseCode)[0] !== match[2])) return null;
  return `${match[2]}.${match[3]}.${match[4]}`;
}

/**
 * Whose fault a refusal is, from its enhanced status code (RFC 3463 §3; the registry is
 * https://www.iana.org/assignments/smtp-enhanced-status-codes/):
 * - the mailbox's (the address is retired): X.1.x address status at RCPT TO (5.1.1 bad destination mailbox,
 *   5.1.2 bad destination system, 5.1.3 bad address syntax, 5.1.6 mailbox moved, 5.1.10 null MX, RFC 7505 §4.2)
 *   and 5.2.1 mailbox disabled. Gmail: "550 5.1.1 The email account that you tried to reach does not exist";
 *   "550 5.2.1 The email account that you tried to reach is disabled" (https://support.google.com/a/answer/3726730).
 * - the account's (the channel pauses, nobody fails): a refused login (nodemailer's EAUTH; 535 5.7.8, 530 5.7.0
 *   "Authentication required", RFC 4954 §6), any X.7.x security or policy status (550 5.7.1 relaying denied,
 *   554 5.7.1, Gmail's 550 5.7.26 unauthenticated sender, Microsoft's 550 5.7.708 / 5.7.511 banned sender,
 *   https://learn.microsoft.com/en-us/troubleshoot/exchange/email-delivery/ndr/non-delivery-reports-in-exchange-online),
 *   and 5.1.7/5.1.8, the sender's own address refused (Postfix answers its sender checks at RCPT TO).
 * - this message's (fails, the address stays): any other 5xx, and a 5xx without an enhanced code: a bare
 *   "550 No such user" may as well be a relay's refusal (RFC 5321 §4.2.3 gives 550 for "mailbox unavailable
 *   (e.g., mailbox not found, no access, or command rejected for policy reasons)"), so it never retires.
 * - later: 4xx (RFC 5321 §4.2.1 transient); 421 and 451 are the provider's "slow down" (a 451 at RCPT TO a
 *   greylisting server's, for that recipient alone); and errors with no reply (connection lost, time-out).
 */
export function smtpOutcome(error: unknown): SendOutcome {
  const e = (error ?? {}) as SmtpFailure;
  const code = e.responseCode;
  // the reply as the server gave it (its lines joined), else nodemailer's own error after its code
  const reply = e.response?.replace(/\s*\n\s*/g, ' ');
  const detail = (
    reply && /^\d{3}/.test(reply) ? reply : `${code ?? e.code ?? 'error'} ${reply ?? e.message ?? String(error)}`
  )
    .slice(0, 300)
    .trim();
  const enhanced = enhancedCode(e.response, code);
  const errorCode = `smtp:${enhanced ?? code ?? e.code ?? 'error'}`;
  const atRecipient = !e.command || /^RCPT/i.test(e.command);
  if (e.code === 'EAUTH' || code === 535 || code === 530) return accountRefusal(errorCode, detail);
  // 451 on one recipient is that mailbox's server asking to come back later (greylisting): it waits alone.
  if (code === 451 && e.command && /^RCPT/i.test(e.command)) return paced('recipient', detail, GREYLIST_WAIT_MS);
  // 421 (closing) and 451 (try later) name no time (RFC 5321 §4.2.3): the engine picks the pause.
  if (code === 421 || code === 451) return pacedUnstated(detail);
  if (!code || code < 500) return { ok: false, kind: 'temporary', error: detail, code: errorCode };
  if (enhanced && (/^5\.7\./.test(enhanced) || enhanced === '5.1.7' || enhanced === '5.1.8')) {
    return accountRefusal(errorCode, detail);
  }
  if (enhanced && atRecipient && (/^5\.1\./.test(enhanced) || enhanced === '5.2.1')) {
    return { ok: false, kind: 'gone', error: detail, code: errorCode };
  }
  return { ok: false, kind: 'permanent', error: detail, code: errorCode };
}

/**
 * A mail the server took for some recipients and refused for others (info.rejected): each refusal is read as
 * a failed send would be. The channel sends one recipient a mail, so the first is the one.
 */
export function rejectedOutcome(info: { rejectedErrors?: unknown[]; response?: string }): SendOutcome {
  const [first] = info.rejectedErrors ?? [];
  if (first) return smtpOutcome(first);
  return { ok: false, kind: 'permanent', error: `rejected: ${info.response ?? ''}`.trim(), code: 'smtp:rejected' };
}
