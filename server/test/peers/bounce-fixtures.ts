import MimeNode from 'nodemailer/lib/mime-node';

/**
 * Bounces and complaints as the big providers send them, built with nodemailer's MIME builder (not with the
 * code under test). The structure is RFC 3464's (DSN: multipart/report; report-type=delivery-status, a
 * human-readable part, message/delivery-status with per-message then per-recipient fields, the original or
 * its headers) and RFC 5965's (ARF: multipart/report; report-type=feedback-report, message/feedback-report,
 * the original message). Each names what it came back for the way the provider does:
 * - `bouncedTo`: the envelope sender of the original (our VERP address), which a DSN is sent to (RFC 3464 §2.1,
 *   RFC 5321 §4.5.5) and which relays copy into To / Delivered-To / X-Original-To;
 * - `recipient`: the subscriber the original went to (Final-Recipient);
 * - `original`: the original mail as the SMTP peer received it (its headers carry X-UmmahNotify-Delivery).
 */
export interface Bounced {
  bouncedTo: string;
  recipient: string;
  original: string;
}

const CRLF = '\r\n';
const fields = (...blocks: string[][]) => blocks.map((b) => b.join(CRLF)).join(CRLF + CRLF) + CRLF;
const headersOf = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/)) + CRLF;
const date = 'Sat, 28 Nov 2026 14:03:07 +0800';

async function report(
  reportType: 'delivery-status' | 'feedback-report',
  headers: Record<string, string>,
  parts: { type: string; content: string }[],
): Promise<string> {
  const root = new MimeNode(`multipart/report; report-type=${reportType}`);
  root.setHeader({ Date: date, 'MIME-Version': '1.0', ...headers });
  for (const part of parts) root.createChild(part.type).setContent(part.content);
  return (await root.build()).toString('utf8');
}

/**
 * Gmail / Google Workspace as the relay: "Address not found" from mailer-daemon@googlemail.com, Status 5.1.1
 * with Gmail's 550-5.1.1 text (https://support.google.com/a/answer/3726730, "550, 5.1.1 The email account that
 * you tried to reach does not exist"); the original follows as message/rfc822.
 */
export function gmailHardBounce({ bouncedTo, recipient, original }: Bounced): Promise<string> {
  return report(
    'delivery-status',
    {
      From: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
      To: bouncedTo,
      'Auto-Submitted': 'auto-replied',
      Subject: 'Delivery Status Notification (Failure)',
      'Message-ID': '<gmail-dsn-0001@mx.google.com>',
    },
    [
      {
        type: 'text/plain',
        content: `Address not found${CRLF}${CRLF}Your message wasn't delivered to ${recipient} because the address couldn't be found, or is unable to receive mail.${CRLF}`,
      },
      {
        type: 'message/delivery-status',
        content: fields(
          ['Reporting-MTA: dns; googlemail.com', 'Arrival-Date: Fri, 27 Nov 2026 22:03:05 -0800 (PST)'],
          [
            `Final-Recipient: rfc822; ${recipient}`,
            'Action: failed',
            'Status: 5.1.1',
            'Remote-MTA: dns; gmail-smtp-in.l.google.com. (142.250.4.27, the server for the domain gmail.com.)',
            'Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try',
            " 550-5.1.1 double-checking the recipient's email address for typos or",
            ' 550 5.1.1 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser',
            'Last-Attempt-Date: Fri, 27 Nov 2026 22:03:07 -0800 (PST)',
          ],
        ),
      },
      { type: 'message/rfc822', content: original },
    ],
  );
}

/**
 * Exchange Online / Outlook.com: an NDR from postmaster@outlook.com, "Undeliverable: <subject>", Status
 * 5.1.10 and "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup"
 * (https://learn.microsoft.com/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/fix-error-code-5-1-10-in-exchange-online);
 * the original's headers follow as text/rfc822-headers.
 */
export function outlookHardBounce({ bouncedTo, recipient, original }: Bounced): Promise<string> {
  return report(
    'delivery-status',
    {
      From: 'postmaster@outlook.com',
      To: bouncedTo,
      Subject: 'Undeliverable: Janaza notice',
      'Message-ID': '<ndr-5110-0001@SG2PR01MB1234.apcprd01.prod.outlook.com>',
      'X-MS-Exchange-Message-Is-Ndr': '',
    },
    [
      {
        type: 'text/plain',
        content: `Your message to ${recipient} couldn't be delivered.${CRLF}${recipient.split('@')[0]} wasn't found at ${recipient.split('@')[1]}.${CRLF}`,
      },
      {
        type: 'message/delivery-status',
        content: fields(
          [
            'Reporting-MTA: dns;SG2PR01MB1234.apcprd01.prod.outlook.com',
            'Received-From-MTA: dns;relay.example.org',
            `Arrival-Date: ${date}`,
          ],
          [
            `Original-Recipient: rfc822;${recipient}`,
            `Final-Recipient: rfc822;${recipient}`,
            'Action: failed',
            'Status: 5.1.10',
            `Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient ${recipient} not found by SMTP address lookup`,
          ],
        ),
      },
      { type: 'text/rfc822-headers', content: headersOf(original) },
    ],
  );
}

/**
 * Yahoo as the receiving system: its "554 delivery error: dd This user doesn't have a yahoo.com account"
 * (https://senders.yahooinc.com/smtp-error-codes/) carries no enhanced code, so the DSN's Status is the
 * generic 5.0.0 (RFC 3463 §3.1); the relay's DSN goes back to the VERP address and names it in X-Original-To.
 */
export function yahooHardBounce({ bouncedTo, recipient, original }: Bounced): Promise<string> {
  return report(
    'delivery-status',
    {
      From: 'MAILER-DAEMON@relay.example.org (Mail Delivery System)',
      To: bouncedTo,
      'X-Original-To': bouncedTo,
      Subject: 'Undelivered Mail Returned to Sender',
      'Message-ID': '<relay-dsn-yahoo-0001@relay.example.org>',
    },
    [
      {
        type: 'text/plain',
        content: `I'm sorry to have to inform you that your message could not be delivered.${CRLF}`,
      },
      {
        type: 'message/delivery-status',
        content: fields(
          ['Reporting-MTA: dns; relay.example.org', `Arrival-Date: ${date}`],
          [
            `Final-Recipient: rfc822; ${recipient}`,
            'Action: failed',
            'Status: 5.0.0',
            'Remote-MTA: dns; mta7.am0.yahoodns.net',
            "Diagnostic-Code: smtp; 554 delivery error: dd This user doesn't have a yahoo.com account",
          ],
        ),
      },
      { type: 'text/rfc822-headers', content: headersOf(original) },
    ],
  );
}

/**
 * A soft bounce: Gmail's "Delivery Status Notification (Delay)", Action: delayed with Status 4.2.2 and
 * "452-4.2.2 The recipient's inbox is out of storage space" (https://support.google.com/a/answer/3726730),
 * sent to the VERP address with no original attached; the relay also returns the ENVID it was given
 * (Original-Envelope-Id, RFC 3464 §2.2.1, RFC 3461 §4.4).
 */
export function gmailSoftBounce({ bouncedTo, recipient }: Omit<Bounced, 'original'>, envelopeId?: string) {
  return report(
    'delivery-status',
    {
      From: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
      To: bouncedTo,
      'Auto-Submitted': 'auto-replied',
      Subject: 'Delivery Status Notification (Delay)',
      'Message-ID': `<gmail-dsn-delay-${Math.random().toString(36).slice(2)}@mx.google.com>`,
    },
    [
      { type: 'text/plain', content: `Message not delivered yet to ${recipient}: the inbox is full.${CRLF}` },
      {
        type: 'message/delivery-status',
        content: fields(
          ['Reporting-MTA: dns; googlemail.com', ...(envelopeId ? [`Original-Envelope-Id: ${envelopeId}`] : [])],
          [
            `Final-Recipient: rfc822; ${recipient}`,
            'Action: delayed',
            'Status: 4.2.2',
            "Diagnostic-Code: smtp; 452-4.2.2 The recipient's inbox is out of storage space.",
            'Will-Retry-Until: Mon, 30 Nov 2026 22:03:07 -0800 (PST)',
          ],
        ),
      },
    ],
  );
}

/** The original as ARF reports carry it: the recipient redacted (Yahoo and Microsoft hide who complained). */
const redacted = (original: string, recipient: string) => original.split(recipient).join('redacted@redacted.invalid');

/**
 * Yahoo's Complaint Feedback Loop (https://senders.yahooinc.com/complaint-feedback-loop/): an ARF report
 * (RFC 5965) sent to the address registered for the DKIM domain (not the VERP address), Feedback-Type
 * abuse, User-Agent Yahoo!-Mail-Feedback/2.0, the original attached with the recipient redacted: only the
 * original's own headers name the delivery.
 */
export function yahooComplaint({ recipient, original }: Omit<Bounced, 'bouncedTo'>): Promise<string> {
  return report(
    'feedback-report',
    {
      From: 'feedbackloop@yahoo.com',
      To: 'fbl@example.org',
      Subject: 'FW: Janaza notice',
      'Message-ID': '<yahoo-cfl-0001@feedback.yahoo.com>',
    },
    [
      { type: 'text/plain', content: `This is an email abuse report for an email message from example.org.${CRLF}` },
      {
        type: 'message/feedback-report',
        content: fields([
          'Feedback-Type: abuse',
          'User-Agent: Yahoo!-Mail-Feedback/2.0',
          'Version: 1',
          'Original-Rcpt-To: redacted@redacted.invalid',
          `Received-Date: ${date}`,
          'Reported-Domain: example.org',
          'Authentication-Results: mta1234.mail.gq1.yahoo.com; dkim=pass header.d=example.org',
        ]),
      },
      { type: 'message/rfc822', content: redacted(original, recipient) },
    ],
  );
}

/**
 * Outlook.com's Junk Mail Reporting Program (JMRP, https://sendersupport.olc.protection.outlook.com/pm/services.aspx):
 * ARF from staff@hotmail.com, Feedback-Type abuse, the original attached with the recipient redacted.
 */
export function outlookComplaint({ recipient, original }: Omit<Bounced, 'bouncedTo'>): Promise<string> {
  return report(
    'feedback-report',
    {
      From: 'staff@hotmail.com',
      To: 'fbl@example.org',
      Subject: 'complaint about message from 192.0.2.25',
      'Message-ID': '<jmrp-0001@hotmail.com>',
    },
    [
      {
        type: 'text/plain',
        content: `This is an email abuse report for an email message received from IP 192.0.2.25.${CRLF}`,
      },
      {
        type: 'message/feedback-report',
        content: fields([
          'Feedback-Type: abuse',
          'User-Agent: Hotmail FBL',
          'Version: 1',
          'Source-IP: 192.0.2.25',
          `Arrival-Date: ${date}`,
        ]),
      },
      { type: 'message/rfc822', content: redacted(original, recipient) },
    ],
  );
}
