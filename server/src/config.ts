import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, type RemoteName, TIME_ZONE } from '@ummahnotify/core';
import { z } from 'zod';
import { isLoopbackHost, isLoopbackUrl, telegramCanCall } from './public-url';
import { credentialsHidden, withoutCredentials } from './url-credentials';

/**
 * How long a claimed delivery belongs to the instance that claimed it. The worker ends every send
 * after SEND_DEADLINE_MS at the latest (each channel's own request time-outs are shorter), and
 * renews the lease of its sends in flight; the lease must still outlast the longest send plus the
 * time from claim to send and from answer to commit, so that a live instance's send is never
 * reclaimed and sent a second time even if a renewal is late.
 */
export const SEND_DEADLINE_MS = 30_000;
/** Claim to send, answer to committed result: a busy database, a group commit waiting its turn. */
export const QUEUE_ALLOWANCE_MS = 15_000;
/** The smallest DELIVERY_LEASE_SECONDS start-up accepts. */
export const MIN_LEASE_SECONDS = (SEND_DEADLINE_MS + QUEUE_ALLOWANCE_MS) / 1000;
/**
 * After SIGTERM the server finishes the sends under way (each ends within SEND_DEADLINE_MS) and records them: the
 * shortest shutdown deadline is the longest send plus a few seconds to write its result; the default leaves room
 * for a busy database too (the lease's own allowance).
 */
export const MIN_SHUTDOWN_SECONDS = SEND_DEADLINE_MS / 1000 + 5;
export const DEFAULT_SHUTDOWN_SECONDS = (SEND_DEADLINE_MS + QUEUE_ALLOWANCE_MS) / 1000;

/**
 * Configuration from the environment (docs/architecture.md#configuration). A wrong value stops start-up
 * with a one-line reason; nothing here reads the environment anywhere else.
 */
const csv = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : v;
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
/** A bucket, and a folder in it for REMOTE_<NAME>_BUCKET, as s3-url.ts reads them. */
const s3Url = z.url({
  protocol: /^(s3|https?)$/,
  error: 'must be s3://<bucket> or https://<key>:<secret>@<host>/<bucket>',
});
/** A WhatsApp template's name as Meta stores it: lower-case letters, digits and underscores. */
const templateName = (fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'must be a WhatsApp template name: lower-case letters, digits and _')
      .default(fallback),
  );
/** A WhatsApp template language code: en, ta, en_US, ... */
const templateLanguage = (fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a WhatsApp language code such as en, ta or en_US')
      .default(fallback),
  );

/** Messages a second a provider allows (a decimal number, e.g. 0.5 for one every two seconds). */
const rate = (fallback: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `must be a number of messages a second between 0.1 and ${max}` })
      .min(0.1, `must be a number of messages a second between 0.1 and ${max}`)
      .max(max, `must be a number of messages a second between 0.1 and ${max}`)
      .default(fallback),
  );
const onOff = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .enum(['', 'true', 'false', '1', '0', 'on', 'off'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
);

/** A count an operator may set: a whole number, 0 or more. */
const wholeCount = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number (0 or more)' })
      .int('must be a whole number (0 or more)')
      .min(0, 'must be a whole number (0 or more)')
      .default(fallback),
  );

/** A VERP tag's length (delivery/bounce-tag.ts): the bounce address's local part, +, the tag, fits in RFC 5321's 64. */
export const BOUNCE_TAG_LENGTH = 26;
const MAX_BOUNCE_LOCAL_PART = 64 - 1 - BOUNCE_TAG_LENGTH;

/** Quiet hours as minutes after midnight, Singapore time; `from` after `to` spans midnight (22:00-07:00). */
export interface QuietHours {
  from: number;
  to: number;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "22:00-07:00" as QuietHours; "off" or "" as null (never quiet); undefined when it is neither. */
export function parseQuietHours(text: string): QuietHours | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'off') return null;
  const [from, to, ...rest] = value.split('-').map((part) => HH_MM.exec(part.trim()));
  if (!from || !to || rest.length > 0) return undefined;
  const minutes = (m: RegExpExecArray) => Number(m[1]) * 60 + Number(m[2]);
  if (minutes(from) === minutes(to)) return undefined;
  return { from: minutes(from), to: minutes(to) };
}

/**
 * Without DATA_DIR: `server/data/`, wherever the server is started from (`npm start` at the root, `npm run backup` in
 * server/, a service's working directory): this file is server/src/config.ts, or server/dist/config.js when built.
 */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data', import.meta.url));

const envSchema = z.object({
  NODE_ENV: z.preprocess(blankToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(3000),
  ),
  HOST: optionalText,
  PUBLIC_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
  API_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
  CORS_ORIGINS: z.preprocess(csv, z.array(httpUrl).optional()),
  DATABASE_URL: optionalText,
  AWS_REGION: z.preprocess(blankToUndefined, z.string().optional()),
  S3_URL: z.preprocess(blankToUndefined, s3Url.optional()),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default(DEFAULT_DATA_DIR)),
  OIDC_ISSUER: z.preprocess(blankToUndefined, httpUrl.default('https://accounts.google.com')),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_SECRET_PREVIOUS: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ALTCHA_HMAC_KEY: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SUPERADMIN_EMAILS: z.preprocess(csv, z.array(z.email('must be a comma-separated list of emails')).default([])),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_ROTATE: onOff,
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalText,
  BOUNCE_ADDRESS: z.preprocess(
    blankToUndefined,
    z
      .email('must be an email address such as bounces@your-domain')
      .refine((v) => !v.split('@')[0]?.includes('+'), 'must have no + in its local part (the server adds +<tag>)')
      .refine(
        (v) => (v.split('@')[0]?.length ?? 0) <= MAX_BOUNCE_LOCAL_PART,
        `must have a local part of at most ${MAX_BOUNCE_LOCAL_PART} characters (with +<tag> it must fit in 64)`,
      )
      .optional(),
  ),
  BOUNCE_IMAP_URL: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^imaps?$/, error: 'must be an imap:// or imaps:// URL (imap://user:password@host:port/INBOX)' })
      .refine((v) => new URL(v).username !== '', 'must name the mailbox user (imap://user:password@host/INBOX)')
      .optional(),
  ),
  DKIM_DOMAIN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z][a-zA-Z0-9-]{0,61}[a-zA-Z0-9]$/,
        'must be a domain name such as example.org',
      )
      .optional(),
  ),
  DKIM_SELECTOR: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
        'must be a DNS label such as mail2026 (letters, digits and -)',
      )
      .optional(),
  ),
  DKIM_PRIVATE_KEY: optionalText,
  DKIM_PRIVATE_KEY_FILE: optionalText,
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_API_URL: z.preprocess(blankToUndefined, httpUrl.default('https://api.telegram.org')),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_ID: optionalText,
  WHATSAPP_BUSINESS_ACCOUNT_ID: optionalText,
  WHATSAPP_API_URL: z.preprocess(blankToUndefined, httpUrl.default('https://graph.facebook.com/v21.0')),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_TEMPLATE_JANAZA: templateName('ummahnotify_janaza'),
  WHATSAPP_TEMPLATE_EVENT: templateName('ummahnotify_event'),
  WHATSAPP_TEMPLATE_CORRECTION: templateName('ummahnotify_correction'),
  WHATSAPP_TEMPLATE_CANCELLATION: templateName('ummahnotify_cancellation'),
  WHATSAPP_TEMPLATE_EVENT_CANCELLATION: templateName('ummahnotify_event_cancellation'),
  WHATSAPP_TEMPLATE_CODE: templateName('ummahnotify_code'),
  WHATSAPP_TEMPLATE_LANGUAGE_EN: templateLanguage('en'),
  WHATSAPP_TEMPLATE_LANGUAGE_TA: templateLanguage('ta'),
  TELEGRAM_UPDATES: z.preprocess(blankToUndefined, z.enum(['auto', 'webhook', 'polling']).default('auto')),
  TELEGRAM_WEBHOOK_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16-256 letters, digits, _ or -')
      .optional(),
  ),
  DELIVERY_CONCURRENCY: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 1 and 1000' })
      .int('must be a whole number between 1 and 1000')
      .min(1, 'must be a whole number between 1 and 1000')
      .max(1000, 'must be a whole number between 1 and 1000')
      .default(64),
  ),
  WEBPUSH_CONCURRENCY: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 1 and 5000' })
      .int('must be a whole number between 1 and 5000')
      .min(1, 'must be a whole number between 1 and 5000')
      .max(5000, 'must be a whole number between 1 and 5000')
      .default(512),
  ),
  TELEGRAM_RATE: rate(30, 1000),
  TELEGRAM_PAID_BROADCAST: onOff,
  WHATSAPP_RATE: rate(80, 1000),
  SMTP_RATE: rate(10, 1000),
  WHATSAPP_DAILY_LIMIT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of people (0 or more), or unset' })
      .int('must be a whole number of people (0 or more), or unset')
      .min(0, 'must be a whole number of people (0 or more), or unset')
      .optional(),
  ),
  EVENT_QUIET_HOURS: z
    .string()
    .default('22:00-07:00')
    .transform((text, ctx) => {
      const quiet = parseQuietHours(text);
      if (quiet !== undefined) return quiet;
      ctx.addIssue({ code: 'custom', message: 'must be two Singapore times such as 22:00-07:00, or off' });
      return z.NEVER;
    }),
  WHATSAPP_JANAZA_RESERVE: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/%$/, '') : v),
    z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'must be a percentage between 0 and 100' })
        .min(0, 'must be a percentage between 0 and 100')
        .max(100, 'must be a percentage between 0 and 100')
        .default(20),
    ),
  ),
  SIGNUP_EMAIL_DOMAIN_HOURLY_LIMIT: wholeCount(100),
  SIGNUP_EMAIL_HOURLY_LIMIT: wholeCount(500),
  WHATSAPP_CODE_DAILY_LIMIT: wholeCount(100),
  SIGNUP_WEBPUSH_NETWORK_HOURLY_LIMIT: wholeCount(60),
  DELIVERY_LEASE_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `must be a whole number of seconds between ${MIN_LEASE_SECONDS} and 3600` })
      .int(`must be a whole number of seconds between ${MIN_LEASE_SECONDS} and 3600`)
      .min(
        MIN_LEASE_SECONDS,
        `must be at least ${MIN_LEASE_SECONDS} seconds: the longest send (${SEND_DEADLINE_MS / 1000} s) plus time to queue and record it`,
      )
      .max(3600, `must be a whole number of seconds between ${MIN_LEASE_SECONDS} and 3600`)
      .default(60),
  ),
  DELIVERY_PAUSED: onOff,
  SHUTDOWN_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `must be a whole number of seconds between ${MIN_SHUTDOWN_SECONDS} and 600` })
      .int(`must be a whole number of seconds between ${MIN_SHUTDOWN_SECONDS} and 600`)
      .min(
        MIN_SHUTDOWN_SECONDS,
        `must be at least ${MIN_SHUTDOWN_SECONDS} seconds: the longest send (${SEND_DEADLINE_MS / 1000} s) plus time to record it`,
      )
      .max(600, `must be a whole number of seconds between ${MIN_SHUTDOWN_SECONDS} and 600`)
      .default(DEFAULT_SHUTDOWN_SECONDS),
  ),
  SUPPORT_WHATSAPP: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s+-]/g, '') : v),
    z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{8,15}$/, 'must be a phone number in international form, e.g. 6591234567')
        .optional(),
    ),
  ),
  SESSION_IDLE_MINUTES: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of minutes between 5 and 43200' })
      .int('must be a whole number of minutes between 5 and 43200')
      .min(5, 'must be a whole number of minutes between 5 and 43200')
      .max(43200, 'must be a whole number of minutes between 5 and 43200')
      .default(1440),
  ),
  RETENTION_DAYS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of days between 1 and 3650' })
      .int('must be a whole number of days between 1 and 3650')
      .min(1, 'must be a whole number of days between 1 and 3650')
      .max(3650, 'must be a whole number of days between 1 and 3650')
      .default(30),
  ),
  TRUST_PROXY: z.preprocess(blankToUndefined, z.string().default('loopback')),
  TRUST_PROXY_HOPS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of proxies between 1 and 10' })
      .int('must be a whole number of proxies between 1 and 10')
      .min(1, 'must be a whole number of proxies between 1 and 10')
      .max(10, 'must be a whole number of proxies between 1 and 10')
      .optional(),
  ),
  WEBPUSH_ENDPOINT_HOSTS: z.preprocess(
    csv,
    z
      .array(z.string())
      .default([
        'fcm.googleapis.com',
        'android.googleapis.com',
        '*.push.services.mozilla.com',
        '*.push.apple.com',
        '*.notify.windows.com',
      ]),
  ),
  // Every time is Singapore time (shared/core/src/time.ts); the setting is kept only to refuse another zone.
  TZ_DISPLAY: z.preprocess(
    blankToUndefined,
    z
      .literal(TIME_ZONE, {
        error: `must be ${TIME_ZONE} or unset: every time is shown in Singapore time (docs/decisions/2026-11-25-one-time-zone.md)`,
      })
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  apiUrl: string;
  remotes: Record<RemoteName, string>;
  corsOrigins: string[];
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** An S3-compatible bucket for the uploaded images (else they are kept in the database). */
  s3Url: string | undefined;
  /** The bucket's region on Amazon S3 (AWS_REGION; us-east-1 when unset). */
  s3Region: string;
  /** Redis for the shared rate-limit counters (else they are kept in the database). */
  redisUrl: string | undefined;
  dataDir: string;
  demo: boolean;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined };
  sessionSecret: string | undefined;
  /**
   * SESSION_SECRET_PREVIOUS: the session secret before a rotation. A cookie signed with it is still accepted, and
   * signed again with the current one at its next use; unset: only the current secret's cookies are.
   */
  sessionSecretPrevious: string | undefined;
  /**
   * VAPID_ROTATE: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY may replace the stored pair, retiring every web push
   * subscription made for it (delivery/channels/vapid-rotation.ts). Unset: a different pair stops start-up.
   */
  vapidRotate: boolean;
  /** Signs the sign-up's proof-of-work challenges (ALTCHA_HMAC_KEY); unset: generated once, kept in the database. */
  altchaHmacKey: string | undefined;
  /** What a Prometheus scraper sends as its Bearer token for /metrics (METRICS_TOKEN); unset: /metrics is off. */
  metricsToken: string | undefined;
  /** The log's level (LOG_LEVEL, pino's names). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** A session unused this long ends (it also ends at its expiry). */
  sessionIdleMinutes: number;
  /** Days after its due date that a janaza notice's personal data is removed (features/retention). */
  retentionDays: number;
  /** Who the push services may contact about our web push (VAPID "sub"): a role address or our site. */
  vapidSubject: string;
  superadminEmails: string[];
  supportWhatsapp: string | null;
  /**
   * Which proxies' X-Forwarded-For to believe (client IPs for rate limits, https for cookies), as Fastify's
   * trustProxy takes it (trustProxyOption): true (any), addresses/CIDRs or names such as loopback, or the number of
   * proxies in front (TRUST_PROXY_HOPS).
   */
  trustProxy: boolean | string | { hops: number };
  /** What start-up says in the log before it listens: a setting accepted but unsafe, one line each. */
  warnings: string[];
  /** The push services' hosts a web push subscription may point at (`*.domain` for subdomains). */
  webpushEndpointHosts: string[];
  channels: Pick<
    Env,
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'TELEGRAM_BOT_TOKEN'
    | 'TELEGRAM_API_URL'
    | 'WHATSAPP_TOKEN'
    | 'WHATSAPP_PHONE_ID'
    | 'WHATSAPP_BUSINESS_ACCOUNT_ID'
    | 'WHATSAPP_API_URL'
    | 'WHATSAPP_APP_SECRET'
    | 'WHATSAPP_VERIFY_TOKEN'
    | 'TELEGRAM_WEBHOOK_SECRET'
  >;
  /** DKIM signing of every mail (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or _FILE); null: unsigned. */
  dkim: DkimConfig | null;
  /** The approved WhatsApp templates (README "WhatsApp templates"): a name per kind, a code per language. */
  whatsappTemplates: WhatsAppTemplateNames;
  /** How the Telegram bot reads its updates: a webhook needs PUBLIC_URL to be public https on 443, 80, 88 or 8443 (TELEGRAM_UPDATES). */
  telegramUpdates: 'webhook' | 'polling';
  /** Sends in flight at once per channel (and so the most a crash can send twice): email, Telegram, WhatsApp. */
  deliveryConcurrency: number;
  /** The same for web push, whose services take many concurrent requests over one HTTP/2 connection. */
  webpushConcurrency: number;
  /** How long a claimed delivery is left to its instance before another may send it again. */
  deliveryLeaseSeconds: number;
  /**
   * DELIVERY_PAUSED: at every start, delivery on all channels is switched off ("DELIVERY_PAUSED at start") unless it
   * already is (delivery/switch.ts); a superadmin resumes it on the summary.
   */
  deliveryPaused: boolean;
  /** SHUTDOWN_SECONDS: after SIGTERM/SIGINT, how long closing may take before the process exits 1 (main.ts). */
  shutdownSeconds: number;
  /** EVENT_QUIET_HOURS: when an event published is held until the morning (null: never); janaza notices never are. */
  eventQuietHours: QuietHours | null;
  /**
   * Bounces and complaints (delivery/bounces): BOUNCE_ADDRESS is the envelope sender of notice mails, as
   * <local>+<tag>@<domain> naming each delivery (VERP); BOUNCE_IMAP_URL the mailbox the reports arrive in.
   */
  bounces: { address: string | undefined; imapUrl: string | undefined };
  /** The providers' pace (delivery/pace): messages a second each allows, shared by every instance. */
  pace: PaceConfig /** What the public sign-up may send (features/signup/limits.ts). */;
  signupLimits: SignupLimitsConfig;
}

export interface SignupLimitsConfig {
  /** SIGNUP_EMAIL_DOMAIN_HOURLY_LIMIT: confirmation mails an hour to one domain (large providers: 3 times). */
  emailPerDomainHour: number;
  /** SIGNUP_EMAIL_HOURLY_LIMIT: confirmation mails an hour in all. */
  emailPerHour: number;
  /** WHATSAPP_CODE_DAILY_LIMIT: WhatsApp codes (billed templates) a day in all; 0 turns WhatsApp sign-up off. */
  whatsappCodesPerDay: number;
  /** SIGNUP_WEBPUSH_NETWORK_HOURLY_LIMIT: new web push subscriptions an hour from one IPv6 /48 or IPv4 /24. */
  webpushPerNetworkHour: number;
}

export interface PaceConfig {
  /** TELEGRAM_RATE: messages a second to different chats (Telegram's broadcast limit, about 30). */
  telegram: number;
  /** TELEGRAM_PAID_BROADCAST: janaza messages with allow_paid_broadcast, up to 1000 a second, billed in Stars. */
  telegramPaidBroadcast: boolean;
  /** WHATSAPP_RATE: the phone number's throughput (80 by default, 1000 after Meta's upgrade). */
  whatsapp: number;
  /** SMTP_RATE: what the mail provider accepts. */
  smtp: number;
  /** WHATSAPP_DAILY_LIMIT: the messaging limit (people reached outside the 24-hour window); undefined: ask the Graph API. */
  whatsappDailyLimit: number | undefined;
  /** WHATSAPP_JANAZA_RESERVE: the percentage of the daily limit events may not spend. */
  whatsappJanazaReservePercent: number;
}

/** nodemailer's DKIM options (https://nodemailer.com/dkim/): the d= domain, the s= selector, the PEM key. */
export interface DkimConfig {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface WhatsAppTemplateNames {
  janaza: string;
  events: string;
  correction: string;
  cancellation: string;
  eventCancellation: string;
  code: string;
  languages: { en: string; ta: string };
}

export class ConfigError extends Error {}

/** Never printed, not even in a configuration error: what they hold opens the door to something. */
const SECRET_NAMES = new Set([
  'SESSION_SECRET',
  'SESSION_SECRET_PREVIOUS',
  'ALTCHA_HMAC_KEY',
  'METRICS_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'VAPID_PRIVATE_KEY',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_WEBHOOK_SECRET',
  'WHATSAPP_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'DKIM_PRIVATE_KEY',
]);

/** A refused value as a configuration error shows it: URLs (S3_URL, REDIS_URL, ...) without their credentials. */
function shownValue(name: string, value: string | undefined): string {
  if (SECRET_NAMES.has(name)) return 'a value that is not shown';
  if (name.endsWith('_URL')) {
    const shown = withoutCredentials(value ?? '');
    return shown === undefined ? 'a value that is not a URL, not shown' : `'${shown}'`;
  }
  return `'${credentialsHidden(value ?? '')}'`;
}

/**
 * Demo sign-in lets anyone pick "superadmin": it is offered only on the machine itself, i.e. when both
 * PUBLIC_URL and the bind address are loopback. Elsewhere a missing Google client stops start-up.
 */
function refuseDemoOffLoopback(e: Env, publicUrl: string, host: string): void {
  if (e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Configuration error: NODE_ENV=production needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; demo sign-in is never offered in production',
    );
  }
  if (!isLoopbackUrl(publicUrl) || !isLoopbackHost(host)) {
    throw new ConfigError(
      `Configuration error: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required when PUBLIC_URL (${withoutCredentials(publicUrl)}) or HOST (${host}) is not this machine's loopback address: set them to your Google OAuth client, or for a demo use PUBLIC_URL=http://localhost:PORT and HOST=127.0.0.1`,
    );
  }
}

/**
 * Outside demo mode PUBLIC_URL is https: the cookies are Secure only then (cookiePolicy), and a session cookie sent
 * over http can be read and replayed by anyone on the path. http is accepted for this machine's loopback address
 * only, where nothing leaves the machine. Demo mode is on loopback already (refuseDemoOffLoopback).
 */
function refuseHttpOffLoopback(publicUrl: string): void {
  if (new URL(publicUrl).protocol === 'https:' || isLoopbackUrl(publicUrl)) return;
  throw new ConfigError(
    `Configuration error: PUBLIC_URL (${withoutCredentials(publicUrl)}) must be https:// outside demo mode: over http the sign-in cookies cannot be Secure, so anyone on the network could read a session and use it; http:// is accepted only for this machine's loopback address (localhost, 127.0.0.1, [::1])`,
  );
}

/**
 * VAPID_SUBJECT outside demo mode must be set, and must not be a superadmin's own address (push
 * services write to it; people leave). Demo mode uses a role address on its own host.
 */
function vapidSubjectOf(e: Env, demo: boolean, publicUrl: string): string {
  if (e.VAPID_SUBJECT) {
    const mail = e.VAPID_SUBJECT.startsWith('mailto:') ? e.VAPID_SUBJECT.slice(7).toLowerCase() : undefined;
    if (mail && e.SUPERADMIN_EMAILS.some((m) => m.toLowerCase() === mail)) {
      throw new ConfigError(
        "Configuration error: VAPID_SUBJECT must be a role address (e.g. mailto:notices@your-domain), not a superadmin's own",
      );
    }
    return e.VAPID_SUBJECT;
  }
  if (!demo) {
    throw new ConfigError(
      'Configuration error: VAPID_SUBJECT is required outside demo mode: a role address such as mailto:notices@your-domain, or your https site',
    );
  }
  return `mailto:notices@${new URL(publicUrl).hostname}`;
}

/** The domain of MAIL_FROM's address ('UmmahNotify <notices@example.org>' -> example.org), lower-case. */
const mailFromDomain = (mailFrom: string): string | undefined =>
  /@([^@<>\s]+?)>?\s*$/.exec(mailFrom)?.[1]?.toLowerCase();

/**
 * The DKIM signer's settings, all three or none. The key is an RSA key of 1024 bits or more (nodemailer
 * signs rsa-sha256; RFC 8301 §3.2: verifiers refuse shorter keys), given as PEM text (its line breaks may be
 * written \n) or as a file; the signing domain must be MAIL_FROM's or a parent or subdomain of it, since
 * DMARC passes on DKIM only when the From domain aligns with d= (RFC 7489 §3.1.1). The key is never shown.
 */
function dkimOf(e: Env): DkimConfig | null {
  const { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: text, DKIM_PRIVATE_KEY_FILE: file } = e;
  if (!domain && !selector && !text && !file) return null;
  const missing = [!domain && 'DKIM_DOMAIN', !selector && 'DKIM_SELECTOR', !text && !file && 'DKIM_PRIVATE_KEY'];
  const unset = missing.filter((m): m is string => !!m);
  if (!domain || !selector || unset.length > 0) {
    throw new ConfigError(
      `Configuration error: DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE): ${unset.join(' and ')} ${unset.length > 1 ? 'are' : 'is'} not set`,
    );
  }
  if (text && file) {
    throw new ConfigError('Configuration error: set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both');
  }
  const name = text ? 'DKIM_PRIVATE_KEY' : 'DKIM_PRIVATE_KEY_FILE';
  let pem: string;
  if (text) pem = text.includes('\n') ? text : text.replace(/\\n/g, '\n');
  else {
    try {
      pem = readFileSync(file as string, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`Configuration error: DKIM_PRIVATE_KEY_FILE cannot be read (${code}): '${file}'`);
    }
  }
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new ConfigError(
      `Configuration error: ${name} must hold a private key in PEM form (-----BEGIN PRIVATE KEY-----), got a value that is not shown`,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 1024) {
    throw new ConfigError(
      `Configuration error: ${name} must be an RSA key of 1024 bits or more (2048 advised; nodemailer signs rsa-sha256), got ${key.asymmetricKeyType === 'rsa' ? `${bits} bits` : `a ${key.asymmetricKeyType} key`}`,
    );
  }
  const from = e.MAIL_FROM ? mailFromDomain(e.MAIL_FROM) : undefined;
  const d = domain.toLowerCase();
  if (from && from !== d && !from.endsWith(`.${d}`) && !d.endsWith(`.${from}`)) {
    throw new ConfigError(
      `Configuration error: DKIM_DOMAIN (${d}) must be MAIL_FROM's domain (${from}) or a parent or subdomain of it: DMARC passes only when the From domain aligns with the signature's`,
    );
  }
  return { domainName: d, keySelector: selector, privateKey: pem.trim() };
}

/**
 * TRUST_PROXY and TRUST_PROXY_HOPS as Fastify's trustProxy: TRUST_PROXY=true with TRUST_PROXY_HOPS=n believes the
 * n proxies nearest the server (the client is the address the n-th one saw); true alone believes any
 * X-Forwarded-For, so every per-address limit counts what the client wrote: start-up says so in one line.
 */
function trustProxyOf(e: Env): Pick<Config, 'trustProxy' | 'warnings'> {
  const value = e.TRUST_PROXY.trim();
  const hops = e.TRUST_PROXY_HOPS;
  if (value === 'false') {
    if (hops !== undefined)
      throw new ConfigError('Configuration error: TRUST_PROXY_HOPS needs TRUST_PROXY=true (or unset TRUST_PROXY_HOPS)');
    return { trustProxy: false, warnings: [] };
  }
  if (value === 'true') {
    if (hops !== undefined) return { trustProxy: { hops }, warnings: [] };
    return {
      trustProxy: true,
      warnings: [
        'TRUST_PROXY=true believes any X-Forwarded-For, so a client can write the address every per-address limit counts: set TRUST_PROXY_HOPS=1 behind one proxy, or TRUST_PROXY to the proxies\' addresses (README "Several instances")',
      ],
    };
  }
  if (hops !== undefined) {
    throw new ConfigError(
      `Configuration error: TRUST_PROXY_HOPS goes with TRUST_PROXY=true, not with a list of proxies (TRUST_PROXY is '${value}')`,
    );
  }
  return { trustProxy: value, warnings: [] };
}

/**
 * Config.trustProxy as Fastify's trustProxy option. A number of hops is a function: Fastify takes a bare number as
 * trusting nothing (it cannot tell a proxy from a client that connects directly and writes X-Forwarded-For), so
 * TRUST_PROXY_HOPS=n believes the n nearest addresses, the peer of the connection first, as proxies: the server
 * must be reachable only through them (README "Several instances").
 */
export function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'object') return value;
  return (_address, hop) => hop < value.hops;
}

/** Where a remote's mf-manifest.json is: a folder URL gets the file name appended. */
function manifestUrl(value: string | undefined, name: string): string {
  const base = value ?? `/remotes/${name}/`;
  return base.endsWith('.json') ? base : `${base.replace(/\/?$/, '/')}mf-manifest.json`;
}

/** REMOTE_<NAME>_URL, one variable per entry of REMOTE_NAMES: REMOTE_JANAZA_URL, REMOTE_LOST_FOUND_URL. */
export function remoteUrlVariable(name: RemoteName): string {
  return `REMOTE_${name.toUpperCase().replace(/-/g, '_')}_URL`;
}

function remoteManifestUrls(source: Record<string, string | undefined>): Record<RemoteName, string> {
  const urls = REMOTE_NAMES.map((name) => [
    name,
    manifestUrl(optionalText.parse(source[remoteUrlVariable(name)]), name),
  ]);
  return Object.fromEntries(urls) as Record<RemoteName, string>;
}

/** The database DATABASE_URL names: PostgreSQL for postgres://, else the SQLite file (DATA_DIR/ummahnotify.sqlite by default). */
export function databaseOf(e: { DATABASE_URL?: string; DATA_DIR?: string }): Config['database'] {
  const url = e.DATABASE_URL?.trim() || undefined;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  return {
    kind: 'sqlite',
    file: url?.replace(/^sqlite:(\/\/)?/, '') || `${e.DATA_DIR?.trim() || DEFAULT_DATA_DIR}/ummahnotify.sqlite`,
  };
}

/** What `npm run backup|restore` reads of the environment (ops/backup-command.ts): the database, the bucket, where npm ran. */
export function backupSettings(source: Record<string, string | undefined> = process.env) {
  return {
    database: databaseOf(source),
    s3Url: source.S3_URL?.trim() || undefined,
    workingDir: source.INIT_CWD ?? process.cwd(),
  };
}

/** REMOTE_<NAME>_BUCKET, where `npm run deploy:remote -- <name>` puts a section's builds: REMOTE_LOST_FOUND_BUCKET. */
export function remoteBucketVariable(name: RemoteName): string {
  return remoteUrlVariable(name).replace(/_URL$/, '_BUCKET');
}

/**
 * What `npm run deploy:remote|rollback:remote|builds:remote -- <name>` reads of the environment
 * (ops/section-builds/command.ts): the section's bucket (REMOTE_<NAME>_BUCKET, an S3 URL as S3_URL takes it, with a
 * folder after the bucket if it has one), AWS_REGION as S3_URL uses it, who deploys (DEPLOYED_BY, else the
 * operating-system user) and the shell's origin (PUBLIC_URL), which the bucket's CORS rule lets read it.
 */
export function sectionBuildSettings(section: string, source: Record<string, string | undefined> = process.env) {
  const name = REMOTE_NAMES.find((known) => known === section);
  if (!name) {
    throw new ConfigError(`Unknown section "${section}": the sections are ${REMOTE_NAMES.join(', ')} (REMOTE_NAMES)`);
  }
  const variable = remoteBucketVariable(name);
  const bucketUrl = blankToUndefined(source[variable]);
  if (bucketUrl === undefined) {
    throw new ConfigError(
      `Configuration error: ${variable} is not set: the S3 URL of the section's bucket, s3://<bucket>/<folder>/ or https://<key>:<secret>@<host>/<bucket>/<folder>/`,
    );
  }
  const bucket = s3Url.safeParse(bucketUrl);
  if (!bucket.success) {
    throw new ConfigError(
      `Configuration error: ${variable} ${bucket.error.issues[0]?.message} (got ${shownValue(variable, String(bucketUrl))})`,
    );
  }
  const publicUrl = httpUrl.safeParse(blankToUndefined(source.PUBLIC_URL));
  if (!publicUrl.success) {
    throw new ConfigError(
      `Configuration error: PUBLIC_URL must be the shell's address (https://notify.example.sg), which the bucket's CORS rule lets read the section (got ${shownValue('PUBLIC_URL', source.PUBLIC_URL)})`,
    );
  }
  return {
    name,
    variable,
    bucketUrl: bucket.data,
    region: blankToUndefined(source.AWS_REGION) === undefined ? 'us-east-1' : String(source.AWS_REGION).trim(),
    deployedBy: source.DEPLOYED_BY?.trim() || userInfo().username,
    shellOrigin: new URL(publicUrl.data).origin,
    /** Where npm was run, for a relative --dist. */
    workingDir: source.INIT_CWD ?? process.cwd(),
  };
}

/** This process's environment with `extra` over it, for a tool it runs (pg_dump's PGPASSWORD). */
export const environmentWith = (extra: Record<string, string>): Record<string, string | undefined> => ({
  ...process.env,
  ...extra,
});

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Configuration error: ${name} ${issue.message} (got ${shownValue(name, source[name])})`);
  }
  const e = parsed.data;
  const demo = !e.GOOGLE_CLIENT_ID;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const host = e.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0');
  if (demo) refuseDemoOffLoopback(e, publicUrl, host);
  if (!demo && !e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError('Configuration error: GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set');
  }
  if (!demo) refuseHttpOffLoopback(publicUrl);
  const vapidSubject = vapidSubjectOf(e, demo, publicUrl);
  if (e.BOUNCE_IMAP_URL && !e.BOUNCE_ADDRESS) {
    throw new ConfigError(
      'Configuration error: BOUNCE_IMAP_URL needs BOUNCE_ADDRESS: bounces are matched to their delivery by the address each mail was sent from',
    );
  }
  const dkim = dkimOf(e);
  const database = databaseOf(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    publicUrl,
    apiUrl: (e.API_URL ?? '').replace(/\/$/, ''),
    remotes: remoteManifestUrls(source),
    corsOrigins: (e.CORS_ORIGINS ?? [publicUrl]).map((o) => new URL(o).origin),
    database,
    s3Url: e.S3_URL,
    s3Region: e.AWS_REGION ?? 'us-east-1',
    redisUrl: e.REDIS_URL,
    dataDir: e.DATA_DIR,
    demo,
    oidc: demo
      ? { issuer: `${publicUrl}/demo-oidc`, clientId: 'ummahnotify-demo', clientSecret: undefined }
      : { issuer: e.OIDC_ISSUER, clientId: e.GOOGLE_CLIENT_ID as string, clientSecret: e.GOOGLE_CLIENT_SECRET },
    sessionSecret: e.SESSION_SECRET,
    sessionSecretPrevious: e.SESSION_SECRET_PREVIOUS,
    vapidRotate: e.VAPID_ROTATE,
    altchaHmacKey: e.ALTCHA_HMAC_KEY,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    retentionDays: e.RETENTION_DAYS,
    vapidSubject,
    superadminEmails: e.SUPERADMIN_EMAILS.map((m) => m.toLowerCase()),
    supportWhatsapp: e.SUPPORT_WHATSAPP ?? null,
    ...trustProxyOf(e),
    webpushEndpointHosts: e.WEBPUSH_ENDPOINT_HOSTS.map((h) => h.toLowerCase()),
    channels: {
      VAPID_PUBLIC_KEY: e.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: e.VAPID_PRIVATE_KEY,
      SMTP_URL: e.SMTP_URL,
      MAIL_FROM: e.MAIL_FROM,
      TELEGRAM_BOT_TOKEN: e.TELEGRAM_BOT_TOKEN,
      TELEGRAM_API_URL: e.TELEGRAM_API_URL,
      WHATSAPP_TOKEN: e.WHATSAPP_TOKEN,
      WHATSAPP_PHONE_ID: e.WHATSAPP_PHONE_ID,
      WHATSAPP_BUSINESS_ACCOUNT_ID: e.WHATSAPP_BUSINESS_ACCOUNT_ID,
      WHATSAPP_API_URL: e.WHATSAPP_API_URL,
      WHATSAPP_APP_SECRET: e.WHATSAPP_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: e.WHATSAPP_VERIFY_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: e.TELEGRAM_WEBHOOK_SECRET,
    },
    bounces: { address: e.BOUNCE_ADDRESS, imapUrl: e.BOUNCE_IMAP_URL },
    dkim,
    whatsappTemplates: {
      janaza: e.WHATSAPP_TEMPLATE_JANAZA,
      events: e.WHATSAPP_TEMPLATE_EVENT,
      correction: e.WHATSAPP_TEMPLATE_CORRECTION,
      cancellation: e.WHATSAPP_TEMPLATE_CANCELLATION,
      eventCancellation: e.WHATSAPP_TEMPLATE_EVENT_CANCELLATION,
      code: e.WHATSAPP_TEMPLATE_CODE,
      languages: { en: e.WHATSAPP_TEMPLATE_LANGUAGE_EN, ta: e.WHATSAPP_TEMPLATE_LANGUAGE_TA },
    },
    telegramUpdates:
      e.TELEGRAM_UPDATES === 'auto' ? (telegramCanCall(publicUrl) ? 'webhook' : 'polling') : e.TELEGRAM_UPDATES,
    deliveryConcurrency: e.DELIVERY_CONCURRENCY,
    webpushConcurrency: e.WEBPUSH_CONCURRENCY,
    deliveryLeaseSeconds: e.DELIVERY_LEASE_SECONDS,
    deliveryPaused: e.DELIVERY_PAUSED,
    shutdownSeconds: e.SHUTDOWN_SECONDS,
    eventQuietHours: e.EVENT_QUIET_HOURS,
    signupLimits: {
      emailPerDomainHour: e.SIGNUP_EMAIL_DOMAIN_HOURLY_LIMIT,
      emailPerHour: e.SIGNUP_EMAIL_HOURLY_LIMIT,
      whatsappCodesPerDay: e.WHATSAPP_CODE_DAILY_LIMIT,
      webpushPerNetworkHour: e.SIGNUP_WEBPUSH_NETWORK_HOURLY_LIMIT,
    },
    pace: {
      telegram: e.TELEGRAM_RATE,
      telegramPaidBroadcast: e.TELEGRAM_PAID_BROADCAST,
      whatsapp: e.WHATSAPP_RATE,
      smtp: e.SMTP_RATE,
      whatsappDailyLimit: e.WHATSAPP_DAILY_LIMIT,
      whatsappJanazaReservePercent: e.WHATSAPP_JANAZA_RESERVE,
    },
  };
}
