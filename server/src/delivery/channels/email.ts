import type { Language } from '@ummahnotify/core';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Config } from '../../config';
import { credentialsHidden } from '../../url-credentials';
import { DELIVERY_HEADER, verpAddress } from '../bounce-tag';
import { type MailContent, renderConfirmationMail, renderNoticeMail } from './email-render';
import {
  type Channel,
  notSet,
  type OffReason,
  offState,
  onState,
  paced,
  pacedUnstated,
  reasonText,
  type SendOutcome,
} from './types';

export interface EmailChannel extends Channel {
  /** The double opt-in mail: nothing else is sent to the address before its link is clicked. */
  sendConfirmation(to: string, link: string, language: Language): Promise<SendOutcome>;
}

const TIMEOUT_MS = 15_000;

/**
 * Pool options from SMTP_URL (smtp://user:pass@host:port, smtps:// for implicit TLS); query parameters
 * pass through as nodemailer options as nodemailer's own URL form does (?requireTLS=true, ?tls.rejectUnauthorized=false).
 */
export function smtpPoolOptions(smtpUrl: string, maxConnections: number): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const options: Record<string, unknown> = {
    pool: true,
    maxConnections,
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 2 * TIMEOUT_MS,
    dnsTimeout: TIMEOUT_MS,
  };
  if (url.username) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  for (const [key, raw] of url.searchParams) {
    const value = raw === 'true' ? true : raw === 'false' ? false : /^\d+$/.test(raw) ? Number(raw) : raw;
    if (key.startsWith('tls.')) {
      options.tls = { ...(options.tls as object | undefined), [key.slice(4)]: value };
    } else options[key] = value;
  }
  return options as unknown as SMTPPool.Options;
}

interface SmtpFailure {
  responseCode?: number;
  code?: string;
  command?: string;
  response?: string;
  message?: string;
}

/** A greylisted recipient is tried again after a minute (greylisting servers ask for one to five). */
const GREYLIST_WAIT_MS = 60_000;

/**
 * 421/451: the provider's "slow down", which pauses the account; 550/551/553 on RCPT TO: the mailbox does
 * not exist; other 5xx: this mail cannot go; the rest may pass later.
 */
export function smtpOutcome(error: unknown): SendOutcome {
  const e = (error ?? {}) as SmtpFailure;
  const code = e.responseCode;
  const detail = `${code ?? e.code ?? 'error'} ${(e.response ?? e.message ?? String(error)).slice(0, 300)}`.trim();
  const atRecipient = !e.command || /^RCPT/i.test(e.command);
  // 451 on one recipient is that mailbox's server asking to come back later (greylisting): it waits alone.
  if (code === 451 && e.command && /^RCPT/i.test(e.command)) return paced('recipient', detail, GREYLIST_WAIT_MS);
  // 421 (closing) and 451 (try later) name no time (RFC 5321 §4.2.3): the engine picks the pause.
  if (code === 421 || code === 451) return pacedUnstated(detail);
  if (code && [550, 551, 553].includes(code) && atRecipient) return { ok: false, kind: 'gone', error: detail };
  // a refused login is the operator's to fix, not the recipient's: keep the mail for a retry
  if (e.code === 'EAUTH') return { ok: false, kind: 'temporary', error: detail };
  if (code && code >= 500) return { ok: false, kind: 'permanent', error: detail };
  return { ok: false, kind: 'temporary', error: detail };
}

function offChannel(reason: OffReason): EmailChannel {
  const off = { ok: false, kind: 'permanent', error: `email is off: ${reasonText(reason)}` } as const;
  return {
    name: 'email',
    state: offState('email', reason),
    send: async () => off,
    sendConfirmation: async () => off,
    close: async () => {},
  };
}

export async function createEmailChannel(config: Config): Promise<EmailChannel> {
  const { SMTP_URL, MAIL_FROM } = config.channels;
  const missing = [!SMTP_URL && 'SMTP_URL', !MAIL_FROM && 'MAIL_FROM'].filter((s): s is string => !!s);
  if (!SMTP_URL || !MAIL_FROM) return offChannel(notSet(missing));

  let transport: Transporter;
  try {
    transport = nodemailer.createTransport(
      smtpPoolOptions(SMTP_URL, Math.max(1, Math.min(config.deliveryConcurrency, 10))),
    );
  } catch (error) {
    return offChannel({
      key: 'reason.unusable',
      params: { a: 'SMTP_URL', detail: credentialsHidden((error as Error).message) },
    });
  }
  // a pooled connection that fails while idle is reported here; the next send opens a new one
  transport.on('error', () => {});

  const bounceAddress = config.bounces.address;
  /**
   * With BOUNCE_ADDRESS a notice mail names its delivery (VERP, delivery/bounce-tag.ts): bounces come back to
   * <local>+<tag>@<domain>, the DSN's Original-Envelope-Id (RFC 3461 ENVID, where the relay offers DSN) and
   * the mail's own DELIVERY_HEADER carry the tag too; the delivery keeps it as its provider id.
   */
  const verp = (to: string, tag: string) =>
    bounceAddress
      ? {
          envelope: { from: verpAddress(bounceAddress, tag), to },
          dsn: { id: tag, return: 'headers' as const, notify: ['failure' as const, 'delay' as const], recipient: to },
        }
      : undefined;

  async function deliver(to: string, mail: MailContent, tag?: string): Promise<SendOutcome> {
    const named = tag ? verp(to, tag) : undefined;
    try {
      const info = await transport.sendMail({
        from: MAIL_FROM,
        to,
        ...mail,
        ...(named && tag && { ...named, headers: { ...mail.headers, [DELIVERY_HEADER]: tag } }),
      });
      const rejected = (info.rejected ?? []) as unknown[];
      if (rejected.length > 0) return { ok: false, kind: 'permanent', error: `rejected: ${info.response ?? ''}` };
      return named && tag ? { ok: true, providerId: tag } : { ok: true };
    } catch (error) {
      return smtpOutcome(error);
    }
  }

  return {
    name: 'email',
    state: onState('email'),
    send: (to, message) => {
      try {
        return deliver(to.address, renderNoticeMail(message, config.publicUrl, to.token), to.bounceTag);
      } catch (error) {
        return Promise.resolve({ ok: false, kind: 'permanent', error: `could not render: ${String(error)}` });
      }
    },
    sendConfirmation: (to, link, language) => deliver(to, renderConfirmationMail(link, language)),
    close: async () => transport.close(),
  };
}
