import type { WhatsAppDaily } from '@ummahnotify/domain';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';

/** Meta counts the people reached outside the customer service window over a moving 24 hours. */
export const DAY_MS = 24 * 60 * 60_000;

/** The messaging limit in force: WHATSAPP_DAILY_LIMIT wins over what the Graph API said; null: unlimited or unknown. */
export interface DailyLimit {
  limit: number | null;
  /** The part events may not spend, kept for janaza notices (WHATSAPP_JANAZA_RESERVE). */
  janazaReserve: number;
}

export function dailyLimit(limit: number | null, reservePercent: number): DailyLimit {
  return { limit, janazaReserve: limit === null ? 0 : Math.round((limit * reservePercent) / 100) };
}

/** A delivery that reached (or is reaching) its person, other than by the claim `claim` (a sending row always has one). */
const reachedOutside = (claim: string) => (eb: ExpressionBuilder<Database, 'deliveries'>) =>
  eb.or([eb('state', '=', 'sent'), eb.and([eb('state', '=', 'sending'), eb('claim', '<>', claim)])]);

/**
 * People reached on WhatsApp since `since`: the different subscribers a message went (or is going) to,
 * other than by the claim `exceptClaim`, and the sign-up codes sent; and when the oldest of those
 * reaches leaves the 24 hours (a place frees up then).
 */
export async function reachedSince(
  db: Db,
  since: string,
  exceptClaim = '',
): Promise<{ used: number; oldest: string | null }> {
  const deliveries = await db
    .selectFrom('deliveries')
    .select([
      (eb) => eb.fn.count<number>('subscriber_id').distinct().as('people'),
      (eb) => eb.fn.min<string | null>('updated_at').as('oldest'),
    ])
    .where('channel', '=', 'whatsapp')
    .where(reachedOutside(exceptClaim))
    .where('updated_at', '>', since)
    .executeTakeFirst();
  const codes = await db
    .selectFrom('signup_requests')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min<string | null>('created_at').as('oldest')])
    .where('channel', '=', 'whatsapp')
    .where('created_at', '>', since)
    .executeTakeFirst();
  const oldest = [deliveries?.oldest, codes?.oldest].filter((t): t is string => !!t).sort()[0] ?? null;
  return { used: Number(deliveries?.people ?? 0) + Number(codes?.n ?? 0), oldest };
}

/**
 * The count of people reached, read from the database at most every `maxAgeMs` (it scans the day's
 * WhatsApp deliveries), with this instance's own new reaches added in between; read fresh whenever
 * fewer than `closeTo` places are left, so the limit itself is kept to the statement.
 */
export class ReachCount {
  private cached: { used: number; oldest: string | null; at: number } | null = null;

  constructor(
    private readonly maxAgeMs = 2_000,
    private readonly closeTo = 200,
  ) {}

  async read(db: Db, since: string, claim: string, limit: number, now = Date.now()) {
    const cached = this.cached;
    if (cached && now - cached.at <= this.maxAgeMs && limit - cached.used > this.closeTo) return cached;
    this.cached = { ...(await reachedSince(db, since, claim)), at: now };
    return this.cached;
  }

  /** People this instance has just let through. */
  took(people: number): void {
    if (this.cached) this.cached.used += people;
  }
}

/** Of these subscribers, who was reached in the last 24 hours (a message to them again costs no place). */
export async function alreadyReached(
  db: Db,
  subscriberIds: string[],
  since: string,
  claim: string,
): Promise<Set<string>> {
  if (subscriberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('deliveries')
    .select('subscriber_id')
    .distinct()
    .where('channel', '=', 'whatsapp')
    .where('subscriber_id', 'in', subscriberIds)
    .where(reachedOutside(claim))
    .where('updated_at', '>', since)
    .execute();
  return new Set(rows.map((r) => r.subscriber_id));
}

/** Today's use for the summary. */
export async function whatsappDaily(db: Db, limit: DailyLimit, now = Date.now()): Promise<WhatsAppDaily> {
  const { used } = await reachedSince(db, new Date(now - DAY_MS).toISOString());
  return { used, limit: limit.limit, janazaReserve: limit.janazaReserve };
}

/** The Graph API's names of the messaging limits (whatsapp_business_manager_messaging_limit). */
const TIERS: Record<string, number | null> = {
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

/** A tier name as the Graph API gives it, as a number of people; undefined when it is not one we know. */
export function tierLimit(tier: unknown): number | null | undefined {
  return typeof tier === 'string' && tier in TIERS ? TIERS[tier] : undefined;
}
