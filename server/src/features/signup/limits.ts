import type { ProvedChannel } from '@ummahnotify/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SignupLimitsConfig } from '../../config';
import type { Db } from '../../db/connect';
import { giveBackPlace, placesTaken, takeCountedPlace } from '../../rate-limit/database-store';
import { networksOf } from '../../rate-limit/ip-key';
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
 * The most of a shared budget (the day's WhatsApp codes, the hour's confirmation mails) one network may take in
 * the budget's window, as a fraction's denominator: an organisation (an IPv6 /48, an IPv4 /24) a tenth, a site (an
 * IPv6 /56) or a host (an IPv6 /64, an IPv4 address) a twentieth; always at least one sign-up
 * (docs/decisions/2026-11-26-signup-limits.md).
 */
export const NETWORK_SHARE = { organisation: 10, site: 20, host: 20 } as const;
/** The places of a budget of `max` one network of `level` may take. */
export const networkShare = (max: number, level: keyof typeof NETWORK_SHARE): number =>
  Math.max(1, Math.floor(max / NETWORK_SHARE[level]));
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

/** A shared budget staff watch: the day's WhatsApp codes, the hour's confirmation mails. */
export type BudgetName = 'whatsappCodes' | 'emailConfirmations';

interface Limit {
  key: string;
  windowMs: number;
  max: number;
  refusal: RefusalKey;
}

/** A shared budget: its window is its own (the UTC day, the hour from its first place); networks take shares of it. */
interface Budget extends Limit {
  name: BudgetName;
}

/** The steps of a shared budget's use staff are shown and the log says once: half, then 80 %. */
export const BUDGET_LEVELS = [50, 80] as const;
export type BudgetLevel = 0 | (typeof BUDGET_LEVELS)[number];

/** The highest of BUDGET_LEVELS that `used` of `max` has reached (0: under half). */
export function budgetLevel(used: number, max: number): BudgetLevel {
  if (max <= 0) return 0;
  let level: BudgetLevel = 0;
  for (const step of BUDGET_LEVELS) if (used * 100 >= step * max) level = step;
  return level;
}

const BUDGET_NAMES: Record<BudgetName, string> = {
  whatsappCodes: "today's WhatsApp sign-up codes",
  emailConfirmations: "this hour's sign-up confirmation mails",
};

/** Today's UTC date, and the milliseconds left in it: a daily budget is a calendar day's. */
function today(now = Date.now()): { date: string; msLeft: number } {
  const date = new Date(now).toISOString().slice(0, 10);
  return { date, msLeft: Date.parse(`${date}T00:00:00Z`) + DAY - now };
}

/**
 * A shared budget at `now`: the day's WhatsApp codes (WHATSAPP_CODE_DAILY_LIMIT, per UTC day) or the
 * confirmation mails of the hour that began with the first of them (SIGNUP_EMAIL_HOURLY_LIMIT).
 */
function budgetOf(name: BudgetName, limits: SignupLimitsConfig, now: number): Budget {
  if (name === 'whatsappCodes') {
    const day = today(now);
    return {
      name,
      key: `signup:whatsapp-all:${day.date}`,
      windowMs: day.msLeft,
      max: limits.whatsappCodesPerDay,
      refusal: 'server.whatsappDailyLimit',
    };
  }
  return { name, key: 'signup:email-all', windowMs: HOUR, max: limits.emailPerHour, refusal: 'server.signupBusy' };
}

/**
 * The shares of `budget` the networks of `ip` may take, counted in the budget's own window (the one ending at
 * `endsAt`), so that no one network takes more than its share of any window: the host (an IPv6 /64, an IPv4
 * address; `hostMax` or a twentieth), the site (an IPv6 /56: a twentieth) and the organisation (an IPv6 /48, an
 * IPv4 /24: a tenth).
 */
function sharesOf(budget: Budget, ip: string, endsAt: number, now: number): Limit[] {
  const networks = networksOf(ip);
  const whatsapp = budget.name === 'whatsappCodes';
  const levels = (['host', 'site', 'organisation'] as const).filter((level) => networks[level] !== null);
  return levels.map((level) => ({
    key: `${budget.key}-${level}:${networks[level]}:${endsAt}`,
    windowMs: Math.max(1, endsAt - now),
    max: whatsapp && level === 'host' ? CODES_PER_NETWORK_PER_DAY : networkShare(budget.max, level),
    refusal: whatsapp ? 'server.tooManyCodesFromNetwork' : 'server.tooManyFromNetwork',
  }));
}

/**
 * Takes a place in every limit of `before`, then in `budget` and in the shares of it `ip`'s networks may take,
 * in that order, or none: the first one full gives back the places already taken and refuses with 429 and its
 * key, before anything is written or sent. The budget place that crosses a level (BUDGET_LEVELS) is said in the
 * log: each place number of a window is given to one sign-up, so it is said once per crossing.
 */
async function takeWithBudget(
  db: Db,
  before: Limit[],
  budget: Budget,
  ip: string,
  log: FastifyBaseLogger | undefined,
): Promise<void> {
  const taken: string[] = [];
  const take = async (limit: Limit) => {
    const got = await takeCountedPlace(db, limit.key, limit.windowMs, limit.max);
    if (got) {
      taken.push(limit.key);
      return got;
    }
    for (const key of taken) await giveBackPlace(db, key);
    throw refusal(429, limit.refusal);
  };
  for (const limit of before) await take(limit);
  const { place, endsAt } = await take(budget);
  for (const share of sharesOf(budget, ip, endsAt, Date.now())) await take(share);
  const level = budgetLevel(place, budget.max);
  if (level > 0 && budgetLevel(place - 1, budget.max) < level)
    log?.warn(
      { budget: budget.name, used: place, limit: budget.max, percent: level },
      `sign-up budget: ${BUDGET_NAMES[budget.name]} are ${level} % used (${place} of ${budget.max})`,
    );
}

/**
 * Before a confirmation mail: at most 3 a day to one mailbox however it is spelt, the per-domain hourly cap,
 * the hour's budget (SIGNUP_EMAIL_HOURLY_LIMIT) and the sender's networks' shares of it. Counted in the
 * database (rate_limits) so every instance shares them.
 */
export async function checkEmailLimits(
  db: Db,
  limits: SignupLimitsConfig,
  address: string,
  ip: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const mailbox = mailboxOf(address);
  const domain = domainOf(mailbox);
  const domainMax = limits.emailPerDomainHour * (LARGE_PROVIDERS.has(domain) ? 3 : 1);
  await takeWithBudget(
    db,
    [
      {
        key: `signup:email-mailbox:${mailbox}`,
        windowMs: DAY,
        max: MESSAGES_PER_ADDRESS_PER_DAY,
        refusal: 'server.tooManyMessages',
      },
      { key: `signup:email-domain:${domain}`, windowMs: HOUR, max: domainMax, refusal: 'server.signupBusy' },
    ],
    budgetOf('emailConfirmations', limits, Date.now()),
    ip,
    log,
  );
}

/** WhatsApp sign-up is offered: the channel is set up and WHATSAPP_CODE_DAILY_LIMIT is not 0. */
export const whatsappSignupOpen = (app: FastifyInstance): boolean =>
  app.delivery.channels.whatsapp.state.enabled && app.config.signupLimits.whatsappCodesPerDay > 0;

/**
 * Before a WhatsApp code (a template Meta bills): at most 3 a day to one number, WHATSAPP_CODE_DAILY_LIMIT a
 * (UTC) day in all, across instances, and of those 5 from one IPv4 address or IPv6 /64, a twentieth from one
 * /56 and a tenth from one /48 or IPv4 /24.
 */
export async function checkWhatsAppCodeLimits(
  db: Db,
  limits: SignupLimitsConfig,
  phone: string,
  ip: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  await takeWithBudget(
    db,
    [
      {
        key: `signup:whatsapp-number:${phone}`,
        windowMs: DAY,
        max: MESSAGES_PER_ADDRESS_PER_DAY,
        refusal: 'server.tooManyMessages',
      },
    ],
    budgetOf('whatsappCodes', limits, Date.now()),
    ip,
    log,
  );
}

/** New web push subscriptions an hour (from the first) from one organisation's network: an IPv6 /48, an IPv4 /24. */
function webpushLimit(limits: SignupLimitsConfig, ip: string): Limit {
  return {
    key: `signup:webpush-organisation:${networksOf(ip).organisation}`,
    windowMs: HOUR,
    max: limits.webpushPerNetworkHour,
    refusal: 'server.tooManyFromNetwork',
  };
}

/** Before the welcome push of a new web push subscription: SIGNUP_WEBPUSH_NETWORK_HOURLY_LIMIT an hour per /48 or /24. */
export async function checkWebpushLimits(db: Db, limits: SignupLimitsConfig, ip: string): Promise<void> {
  const limit = webpushLimit(limits, ip);
  if (!(await takeCountedPlace(db, limit.key, limit.windowMs, limit.max))) throw refusal(429, limit.refusal);
}

/**
 * How full the budgets a sign-up on `channel` from `ip` draws from are, 0 (none used) to 1 (full): the most
 * used of the shared budget and the sender's networks' shares of it (web push: its network's hourly cap).
 * The proof of work costs more as it grows (proof-cost.ts).
 */
export async function budgetFill(
  db: Db,
  limits: SignupLimitsConfig,
  channel: ProvedChannel,
  ip: string,
  now = Date.now(),
): Promise<number> {
  const fillOf = (used: number, max: number) => (max > 0 ? Math.min(1, used / max) : 1);
  // a budget of 0 is a sign-up closed (refused whatever the proof): it prices nothing
  if (channel === 'webpush') {
    const limit = webpushLimit(limits, ip);
    if (limit.max <= 0) return 0;
    const used = await placesTaken(db, [limit.key], now);
    return fillOf(used.get(limit.key)?.used ?? 0, limit.max);
  }
  const budget = budgetOf(channel === 'email' ? 'emailConfirmations' : 'whatsappCodes', limits, now);
  if (budget.max <= 0) return 0;
  const window = (await placesTaken(db, [budget.key], now)).get(budget.key);
  if (!window) return 0;
  const shares = sharesOf(budget, ip, window.endsAt, now);
  const used = await placesTaken(
    db,
    shares.map((s) => s.key),
    now,
  );
  return Math.max(fillOf(window.used, budget.max), ...shares.map((s) => fillOf(used.get(s.key)?.used ?? 0, s.max)));
}

/** A shared budget as staff see it on the channels card. */
export interface BudgetUse {
  channel: 'email' | 'whatsapp';
  budget: BudgetName;
  used: number;
  limit: number;
  level: BudgetLevel;
  /** When its window ends and it is whole again (ISO). */
  resetsAt: string;
}

/** The shared budgets' use now, of the channels whose sign-up is open (`open`); a budget of 0 is left out. */
export async function budgetUses(
  db: Db,
  limits: SignupLimitsConfig,
  open: { email: boolean; whatsapp: boolean },
  now = Date.now(),
): Promise<BudgetUse[]> {
  const shown = (
    [
      ['whatsapp', 'whatsappCodes'],
      ['email', 'emailConfirmations'],
    ] as const
  )
    .filter(([channel]) => open[channel])
    .map(([channel, name]) => ({ channel, budget: budgetOf(name, limits, now) }))
    .filter(({ budget }) => budget.max > 0);
  const windows = await placesTaken(
    db,
    shown.map((b) => b.budget.key),
    now,
  );
  return shown.map(({ channel, budget }) => {
    const window = windows.get(budget.key);
    const used = window?.used ?? 0;
    return {
      channel,
      budget: budget.name,
      used,
      limit: budget.max,
      level: budgetLevel(used, budget.max),
      // an unused budget's window starts with its first sign-up: whole until then
      resetsAt: new Date(window?.endsAt ?? now + budget.windowMs).toISOString(),
    };
  });
}
