import type { Language } from '@ummahnotify/core';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Config } from '../../config';
import { credentialsHidden } from '../../url-credentials';
import { DELIVERY_HEADER, verpAddress } from '../bounce-tag';
import { type MailContent, renderConfirmationMail, renderNoticeMail } from './email-render';
import { rejectedOutcome, smtpOutcome } from './smtp-outcome';
import { type Channel, notSet, type OffReason, offState, onState, reasonText, type SendOutcome } from './types';

export interface EmailChannel extends Channel {
  /** The double opt-in mail: nothing else is sent to the address before its link is clicked. */
  sendConfirmation(to: string, link: string, language: Language): Promise<SendOutcome>;
}

const TIMEOUT_MS = 15_000;

/**
 * The headers the DKIM signature covers (its h=), where the mail has them: what says who sent it and what it
 * is (RFC 6376 §5.4.1), and the list headers, so that nobody on the way can change where the one-click
 * unsubscribe posts (RFC 8058 §4 asks for a valid DKIM signature covering at least List-Unsubscribe and
 * List-Unsubscribe-Post).
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'To',
  'Cc',
  'Subject',
  'Date',
  'Message-ID',
  'MIME-Version',
  'Content-Type',
  'Content-Language',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

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
    const pool = smtpPoolOptions(SMTP_URL, Math.max(1, Math.min(config.deliveryConcurrency, 10)));
    transport = nodemailer.createTransport(
      config.dkim ? { ...pool, dkim: { ...config.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : pool,
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
      if (((info.rejected ?? []) as unknown[]).length > 0) return rejectedOutcome(info);
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
