import type { SubscriberChannel } from '@ummahnotify/core';
import type { Db } from '../../db/connect';
import { type PacedOutcome, paced } from '../channels/types';
import type { Job } from '../claim';
import { RECIPIENT_GAP_MS } from './budgets';
import { alreadyReached, DAY_MS, type DailyLimit, ReachCount } from './whatsapp-daily';

/** A claimed delivery that must not go yet, and why (recorded as a refusal for pace: it waits, uncounted). */
export interface Held {
  job: Job;
  outcome: PacedOutcome;
}

/** The least a delivery held for the daily limit waits before it is looked at again. */
const LIMIT_RECHECK_MS = 60_000;

/** Subscribers messaged on this channel within `sinceIso`, or being messaged by another claim. */
async function recentlyMessaged(
  db: Db,
  channel: SubscriberChannel,
  subscriberIds: string[],
  claim: string,
  sinceIso: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('deliveries')
    .select('subscriber_id')
    .distinct()
    .where('channel', '=', channel)
    .where('subscriber_id', 'in', subscriberIds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'sending'), eb('claim', '<>', claim)]),
        eb.and([eb('state', '=', 'sent'), eb('updated_at', '>', sinceIso)]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.subscriber_id));
}

/**
 * Of one claim's deliveries, those that may go now, and those held back:
 * - one message per person per RECIPIENT_GAP_MS (Telegram's chat limit, WhatsApp's pair rate): a person's
 *   second message in a claim, or one messaged a moment ago, waits the gap;
 * - WhatsApp's daily messaging limit: a person not reached in the last 24 hours takes a place; events
 *   leave the janaza reserve untouched; past the limit a delivery waits until a place frees up (or its
 *   prayer time or event passes: expiry.ts).
 */
export async function holdBack(
  db: Db,
  channel: SubscriberChannel,
  jobs: Job[],
  daily: DailyLimit,
  reach = new ReachCount(0),
  now = Date.now(),
): Promise<{ go: Job[]; held: Held[] }> {
  if (jobs.length === 0) return { go: [], held: [] };
  const claim = jobs[0]?.claim ?? '';
  const held: Held[] = [];
  let go = jobs;
  const gap = RECIPIENT_GAP_MS[channel];
  if (gap > 0) {
    const busy = await recentlyMessaged(
      db,
      channel,
      [...new Set(jobs.map((j) => j.subscriberId))],
      claim,
      new Date(now - gap).toISOString(),
    );
    const seen = new Set<string>();
    go = [];
    for (const job of jobs) {
      if (busy.has(job.subscriberId) || seen.has(job.subscriberId))
        held.push({ job, outcome: paced('recipient', `one message to a person every ${gap / 1000} s`, gap) });
      else {
        seen.add(job.subscriberId);
        go.push(job);
      }
    }
  }
  if (channel !== 'whatsapp' || daily.limit === null || go.length === 0) return { go, held };

  const since = new Date(now - DAY_MS).toISOString();
  const reached = await alreadyReached(
    db,
    go.map((j) => j.subscriberId),
    since,
    claim,
  );
  const { used, oldest } = await reach.read(db, since, claim, daily.limit, now);
  const freesInMs = Math.max(LIMIT_RECHECK_MS, oldest ? Date.parse(oldest) + DAY_MS - now : LIMIT_RECHECK_MS);
  let left = { janaza: daily.limit - used, events: daily.limit - daily.janazaReserve - used };
  const allowed: Job[] = [];
  for (const job of go) {
    if (reached.has(job.subscriberId)) allowed.push(job);
    else if (left[job.kind] > 0) {
      allowed.push(job);
      left = { janaza: left.janaza - 1, events: left.events - 1 };
      reach.took(1);
    } else
      held.push({
        job,
        outcome: paced(
          'limit',
          job.kind === 'events'
            ? `WhatsApp daily limit: ${daily.limit} people a day, ${daily.janazaReserve} kept for janaza notices`
            : `WhatsApp daily limit: ${daily.limit} people a day`,
          freesInMs,
        ),
      });
  }
  return { go: allowed, held };
}
