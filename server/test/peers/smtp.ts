import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { newPaceRecord, type PaceRecord, SlidingWindow } from './pace';

/**
 * Pacing as mail providers do it (opt-in: `startSmtpPeer({ pace: { perSecond } })`): over the rate,
 * the MAIL FROM (or, with `at: 'rcpt'`, the RCPT TO) is answered with a temporary failure, and the
 * client is expected to try again later. RFC 5321 §4.2.2/§4.2.3: 421 "Service not available, closing
 * transmission channel" (the server closes the connection after it) and 451 "Requested action
 * aborted: local error in processing"; RFC 3463 §3.8: X.7.x security or policy status. Gmail
 * (https://support.google.com/a/answer/3726730, "SMTP error reference") answers "421 4.7.0 Try again
 * later, closing connection." and "421 4.7.28 ... unusual rate of unsolicited mail ... temporarily
 * rate limited"; Microsoft 365 and others answer 451 4.7.x "try again later" when a sender goes over
 * their limits. The peer says `421 4.7.0 Try again later` (default) or `451 4.7.1 rate limited`.
 */
export interface SmtpPace {
  /** Mails a second admitted (MAIL FROM, or RCPT TO with at 'rcpt'), in any sliding second. */
  perSecond: number;
  /** 421 (closes the connection, default) or 451 (the session goes on). */
  code?: 421 | 451;
  /** Which command is refused (default 'mail'). */
  at?: 'mail' | 'rcpt';
  /** The peer's clock in ms (default Date.now). */
  clock?: () => number;
}

/** A mail as the SMTP peer received and parsed it. */
export interface ReceivedMail {
  /** envelope sender (MAIL FROM) */
  envelopeFrom: string;
  /** header From address */
  from: string;
  /** accepted envelope recipients (RCPT TO) */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** lower-case header names -> value (the first, when a header repeats) */
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpPeer {
  url: string;
  messages: ReceivedMail[];
  /** Accepted mails (one per recipient, at the end of DATA) and refusals for pace. */
  pace: PaceRecord;
  /** Answer RCPT TO for this address with the code (550 unknown user, 451 try later, ...) from now on. */
  rejectRecipient(address: string, code: number, text?: string): void;
  /**
   * Answer RCPT TO for this address as Gmail does for a mailbox that does not exist, from now on:
   * "550 5.1.1 The email account that you tried to reach does not exist" (https://support.google.com/a/answer/3726730;
   * RFC 3463 §3.2 X.1.1 "Bad destination mailbox address").
   */
  unknownMailbox(address: string): void;
  /**
   * While on, refuse every RCPT TO with "550 5.7.1 Relaying denied", as a relay does for a client it does not
   * let send (a lost password, an unverified sender domain): RFC 5321 §3.6.2 (relaying is the server's to
   * refuse), RFC 3463 §3.8 X.7.1 "Delivery not authorized, message refused". Off by default.
   */
  denyRelaying(on: boolean): void;
  /** Every RCPT TO refused, in order: the address and the reply the peer gave. */
  refused: { to: string; reply: string }[];
  /** Accept the address again. */
  acceptRecipient(address: string): void;
  /** Resolves when at least n mails have arrived; rejects after timeoutMs. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

type SmtpError = Error & { responseCode?: number };

/** A real SMTP server on 127.0.0.1 (smtp-server): no auth, no TLS; every accepted mail is parsed with postal-mime. */
/** `port` 0 (the default) picks a free one. */
export async function startSmtpPeer({
  port: listenPort = 0,
  pace,
  record = true,
}: {
  port?: number;
  /** Refuse mails over a rate with 421/451 (see SmtpPace); without it every mail is taken. */
  pace?: SmtpPace;
  /** Keep every mail in `messages` (default true; a bench reads `pace` only). */
  record?: boolean;
} = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const paceRecord = newPaceRecord();
  const window = pace ? new SlidingWindow(pace.perSecond) : null;
  /** null when the mail may go on; otherwise the refusal (and the mail counts toward the rate when admitted). */
  const admit = (): SmtpError | null => {
    if (!window || !pace) return null;
    const now = (pace.clock ?? Date.now)();
    if (window.waitMs(now) === 0) {
      window.take(now);
      return null;
    }
    paceRecord.refusedForPace++;
    const code = pace.code ?? 421;
    const error: SmtpError = new Error(code === 421 ? '4.7.0 Try again later' : '4.7.1 rate limited');
    error.responseCode = code;
    return error;
  };
  const rejections = new Map<string, { code: number; text: string }>();
  const refused: { to: string; reply: string }[] = [];
  let relayDenied = false;
  const refuse = (to: string, code: number, text: string): SmtpError => {
    refused.push({ to, reply: `${code} ${text}` });
    const error: SmtpError = new Error(text);
    error.responseCode = code;
    return error;
  };
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onMailFrom(_address, _session, callback) {
      callback(pace?.at === 'rcpt' ? undefined : (admit() ?? undefined));
    },
    onRcptTo(address, _session, callback) {
      if (pace?.at === 'rcpt') {
        const refusal = admit();
        if (refusal) return callback(refusal);
      }
      const to = address.address.toLowerCase();
      if (relayDenied) return callback(refuse(to, 550, '5.7.1 Relaying denied'));
      const rejection = rejections.get(to);
      if (!rejection) return callback();
      callback(refuse(to, rejection.code, rejection.text));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        try {
          const email = await PostalMime.parse(raw);
          const headers: Record<string, string> = {};
          for (const h of email.headers) if (!(h.key in headers)) headers[h.key] = h.value;
          const at = (pace?.clock ?? Date.now)();
          for (const r of session.envelope.rcptTo) {
            paceRecord.accepted++;
            paceRecord.sends.push({ at, to: r.address.toLowerCase(), what: (email.subject ?? '').slice(0, 200) });
          }
          if (record)
            messages.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              from: email.from?.address ?? '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              headers,
              raw,
            });
          for (const wake of waiters) wake();
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    pace: paceRecord,
    rejectRecipient(address, code, text = code >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      rejections.set(address.toLowerCase(), { code, text });
    },
    acceptRecipient(address) {
      rejections.delete(address.toLowerCase());
    },
    unknownMailbox(address) {
      rejections.set(address.toLowerCase(), {
        code: 550,
        text: '5.1.1 The email account that you tried to reach does not exist',
      });
    },
    denyRelaying(on) {
      relayDenied = on;
    },
    refused,
    waitFor(n, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < n) return;
          cleanup();
          resolve(messages);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`SMTP peer: ${messages.length} of ${n} mails arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
