import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

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
  /** Answer RCPT TO for this address with the code (550 unknown user, 451 try later, ...) from now on. */
  rejectRecipient(address: string, code: number, text?: string): void;
  /** Accept the address again. */
  acceptRecipient(address: string): void;
  /** Resolves when at least n mails have arrived; rejects after timeoutMs. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

type SmtpError = Error & { responseCode?: number };

/** A real SMTP server on 127.0.0.1 (smtp-server): no auth, no TLS; every accepted mail is parsed with postal-mime. */
/** `port` 0 (the default) picks a free one. */
export async function startSmtpPeer({ port: listenPort = 0 }: { port?: number } = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const rejections = new Map<string, { code: number; text: string }>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const rejection = rejections.get(address.address.toLowerCase());
      if (!rejection) return callback();
      const error: SmtpError = new Error(rejection.text);
      error.responseCode = rejection.code;
      callback(error);
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
    rejectRecipient(address, code, text = code >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      rejections.set(address.toLowerCase(), { code, text });
    },
    acceptRecipient(address) {
      rejections.delete(address.toLowerCase());
    },
    waitFor(n, timeoutMs = 5000) {
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
