import type { FastifyInstance } from 'fastify';
import type { SignupLimitsConfig } from '../../config';
import type { Db } from '../../db/connect';
import { giveBackPlace, takePlace } from '../../rate-limit/database-store';
import { ipKey } from '../../rate-limit/ip-key';
import { sha256 } from '../../secrets';
import { domainOf, mailboxOf } from './mailbox';
import { type RefusalKey, refusal } from './texts';

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Per IP address (an IPv6 address by its /64) and route: sign-up and confirm calls (webhooks are not limited). */
export const SIGNUP_RATE_LIMIT = { max: 10, timeWindow: MINUTE };

/** Route config of the public sign-up and confirm calls: no session, rate limited. */
export const PUBLIC_LIMITED = { access: 'public', rateLimit: SIGNUP_RATE_LIMIT } as const;

/**
 * The one-click unsubscribe (RFC 8058) is posted by the mailbox provider's own servers (Gmail's, Yahoo's), so
 * after a broadcast many people's unsubscribes come from a few addresses: it is limited per link, not per
 * address. A link may be posted a few times (a provider retrying); its token is 256 random bits, so trying
 * tokens finds nothing, and a wrong one gets the route's 404. The counter's key is the token's SHA-256, as the
 * database keeps it, never the link's secret.
 */
export const ONE_CLICK_LIMITED = {
  access: 'public',
  rateLimit: {
    max: 5,
    timeWindow: MINUTE,
    keyGenerator: (request: { params: unknown }) =>
      `one-click:${sha256(String((request.params as { token?: unknown }).token ?? ''))}`,
  },
} as const;

/** Confirmation messages a day to one mailbox (any spelling of it) or one phone number. */
export const MESSAGES_PER_ADDRESS_PER_DAY = 3;
/** WhatsApp codes a day asked for from one IPv4 address or IPv6 /64. */
export const CODES_PER_NETWORK_PER_DAY = 5;
/**
 * Where most people's mailboxes are: a rush of genuine sign-ups (an announcement after Friday prayer)
 * is mostly these, so they get 3 times the per-domain cap (docs/decisions/2026-11-26-signup-limits.md).
 */
export const LARGE_PROVIDERS = new Set([
  'gmail.com',
  'yahoo.com',
  'yahoo.com.sg',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
]);

interface Limit {
  key: string;
  windowMs: number;
  max: number;
  refusal: RefusalKey;
}

/**
 * Takes a place in every limit, in order, or none: the first one full gives back the places already
 * taken and refuses with 429 and its key, before anything is written or sent.
 */
async function takeAll(db: Db, limits: Limit[]): Promise<void> {
  const taken: string[] = [];
  for (const limit of limits) {
    if (await takePlace(db, limit.key, limit.windowMs, limit.max)) {
      taken.push(limit.key);
      continue;
    }
    for (const key of taken) await giveBackPlace(db, key);
    throw refusal(429, limit.refusal);
  }
}

/** Today's UTC date, and the milliseconds left in it: a daily budget is a calendar day's. */
function today(now = Date.now()): { date: string; msLeft: number } {
  const date = new Date(now).toISOString().slice(0, 10);
  return { date, msLeft: Date.parse(`${date}T00:00:00Z`) + DAY - now };
}

/**
 * Before a confirmation mail: at most 3 a day to one mailbox however it is spelt, and the per-domain
 * and overall hourly caps. Counted in the database (rate_limits) so every instance shares them.
 */
export async function checkEmailLimits(db: Db, limits: SignupLimitsConfig, address: string): Promise<void> {
  const mailbox = mailboxOf(address);
  const domain = domainOf(mailbox);
  const domainMax = limits.emailPerDomainHour * (LARGE_PROVIDERS.has(domain) ? 3 : 1);
  await takeAll(db, [
    {
      key: `signup:email-mailbox:${mailbox}`,
      windowMs: DAY,
      max: MESSAGES_PER_ADDRESS_PER_DAY,
      refusal: 'server.tooManyMessages',
    },
    { key: `signup:email-domain:${domain}`, windowMs: HOUR, max: domainMax, refusal: 'server.signupBusy' },
    { key: 'signup:email-all', windowMs: HOUR, max: limits.emailPerHour, refusal: 'server.signupBusy' },
  ]);
}

/** WhatsApp sign-up is offered: the channel is set up and WHATSAPP_CODE_DAILY_LIMIT is not 0. */
export const whatsappSignupOpen = (app: FastifyInstance): boolean =>
  app.delivery.channels.whatsapp.state.enabled && app.config.signupLimits.whatsappCodesPerDay > 0;

/**
 * Before a WhatsApp code (a template Meta bills): at most 3 a day to one number, 5 a day from one
 * IPv4 address or IPv6 /64, and WHATSAPP_CODE_DAILY_LIMIT a (UTC) day in all, across instances.
 */
export async function checkWhatsAppCodeLimits(
  db: Db,
  limits: SignupLimitsConfig,
  phone: string,
  ip: string,
): Promise<void> {
  const day = today();
  await takeAll(db, [
    {
      key: `signup:whatsapp-number:${phone}`,
      windowMs: DAY,
      max: MESSAGES_PER_ADDRESS_PER_DAY,
      refusal: 'server.tooManyMessages',
    },
    {
      key: `signup:whatsapp-network:${ipKey(ip)}`,
      windowMs: DAY,
      max: CODES_PER_NETWORK_PER_DAY,
      refusal: 'server.tooManyCodesFromNetwork',
    },
    {
      key: `signup:whatsapp-all:${day.date}`,
      windowMs: day.msLeft,
      max: limits.whatsappCodesPerDay,
      refusal: 'server.whatsappDailyLimit',
    },
  ]);
}
