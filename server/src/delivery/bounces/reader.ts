import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Jobs } from '../../jobs';
import { credentialsHidden } from '../../url-credentials';
import { applyReport } from './apply';
import { type Report, readReport } from './report';

const TIMEOUT_MS = 15_000;

/**
 * Connection options from BOUNCE_IMAP_URL (imap://user:password@host:port/INBOX, imaps:// for implicit TLS);
 * query parameters pass through as in SMTP_URL (?tls.rejectUnauthorized=false). The path is the mailbox.
 */
export function imapOptions(imapUrl: string): { options: ImapFlowOptions; mailbox: string } {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  const options: Record<string, unknown> = {
    host: url.hostname,
    port: Number(url.port) || (secure ? 993 : 143),
    secure,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 2 * TIMEOUT_MS,
  };
  for (const [key, raw] of url.searchParams) {
    const value = raw === 'true' ? true : raw === 'false' ? false : /^\d+$/.test(raw) ? Number(raw) : raw;
    if (key.startsWith('tls.')) options.tls = { ...(options.tls as object | undefined), [key.slice(4)]: value };
    else options[key] = value;
  }
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  return { options: options as ImapFlowOptions, mailbox };
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Reads the unseen mails of the bounce mailbox once: each DSN or complaint report that names a delivery is
 * acted on (apply.ts) and deleted; anything else (an auto-reply, a report naming no delivery, a mail that
 * cannot be parsed) is flagged \Seen and left for a person, logged by its Message-ID only. A database
 * failure leaves the mail unseen, so the next run reads it again.
 */
export async function readBounces(db: Db, config: Pick<Config, 'bounces'>, log: Log): Promise<void> {
  const { address, imapUrl } = config.bounces;
  if (!address || !imapUrl) return;
  const { options, mailbox } = imapOptions(imapUrl);
  const client = new ImapFlow(options);
  client.on('error', () => {}); // reported by the command that fails
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mailbox);
    try {
      const unseen = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of unseen) {
        const message = await client.fetchOne(String(uid), { source: true, envelope: true }, { uid: true });
        if (message === false || !message.source) continue;
        const messageId = message.envelope?.messageId;
        let report: Report;
        try {
          report = await readReport(message.source, address);
        } catch {
          report = { kind: 'other', why: 'the mail could not be parsed' };
        }
        if (report.kind === 'other') {
          log.warn({ messageId }, `bounce mailbox: left for a person, ${report.why}`);
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          continue;
        }
        const applied = await applyReport(db, report);
        if (applied.outcome === 'unknown') {
          log.warn(
            { messageId, kind: report.kind },
            'bounce mailbox: a report that names no delivery, left for a person',
          );
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          continue;
        }
        log.info(
          { messageId, ...applied, ...(report.kind === 'bounce' && { status: report.status }) },
          'bounce mailbox: report applied',
        );
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        await client.messageDelete(String(uid), { uid: true });
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/**
 * With BOUNCE_IMAP_URL, one instance at a time reads the bounce mailbox (a periodic job, server/src/jobs):
 * every 4 s, so the jobs' 5 s tick runs it at each tick, and a bounce shows as failed within 10 s of arriving.
 */
export function registerBounceReader(jobs: Jobs, db: Db, config: Config, log: Log): void {
  const { imapUrl } = config.bounces;
  if (!imapUrl) return;
  log.info({ mailbox: credentialsHidden(imapUrl) }, 'delivery: reading bounces and complaints');
  jobs.register({ name: 'bounce-reader', everyMs: 4_000, leaseMs: 60_000, run: () => readBounces(db, config, log) });
}
