import type { SubscriberChannel } from '@ummahnotify/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ErrorCode } from './channels/types';

/**
 * Channels paused for an account-level refusal (docs/decisions/2026-11-28-delivery-that-hears-back.md):
 * a paused or disabled WhatsApp template, a revoked token, an unpaid account, an SMTP login refused or a
 * relay's policy refusal (5.7.x), a Telegram bot token refused (401). The refusal is the sender's, so no
 * recipient fails for it: the channel stops on every instance (the row is in the database), its
 * deliveries wait (`waiting = 'account'`), and it is tried again with one message at `until`, sooner
 * when staff resume it. A janaza's prayer time still bounds the wait (expiry.ts).
 */
export interface ChannelPause {
  channel: SubscriberChannel;
  code: ErrorCode;
  reason: string;
  since: string;
  until: string;
  tries: number;
}

/** The wait before the n-th try after a refusal in a row: 15 s, 30 s, 60 s, then every two minutes. */
export const PAUSE_STEPS_MS = [15_000, 30_000, 60_000, 120_000] as const;
export const pauseWaitMs = (tries: number): number =>
  PAUSE_STEPS_MS[Math.min(Math.max(tries, 1), PAUSE_STEPS_MS.length) - 1] as number;

/**
 * Pauses the channel for a refusal (or extends the pause and counts one more try); returns the pause.
 * Refusals of the messages already in flight when the first came count as one.
 */
export async function pauseChannel(
  db: Kysely<Database>,
  channel: SubscriberChannel,
  code: ErrorCode,
  reason: string,
  now = new Date(),
): Promise<ChannelPause> {
  return db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom('channel_pauses').selectAll().where('channel', '=', channel).executeTakeFirst();
    const at = now.toISOString();
    // A refusal while the pause still runs was sent before it began: it is not another try.
    const tries = known ? (known.until > at ? Number(known.tries) : Number(known.tries) + 1) : 1;
    const until = new Date(now.getTime() + pauseWaitMs(tries)).toISOString();
    const row = { channel, code, reason: reason.slice(0, 500), since: known?.since ?? at, until, tries };
    if (known) await trx.updateTable('channel_pauses').set(row).where('channel', '=', channel).execute();
    else await trx.insertInto('channel_pauses').values(row).execute();
    return row;
  });
}

/** Every paused channel. */
export async function readPauses(db: Kysely<Database>): Promise<ChannelPause[]> {
  const rows = await db.selectFrom('channel_pauses').selectAll().orderBy('channel').execute();
  return rows.map((r) => ({ ...r, channel: r.channel as SubscriberChannel, tries: Number(r.tries) }));
}

export async function readPause(db: Kysely<Database>, channel: SubscriberChannel): Promise<ChannelPause | null> {
  return (await readPauses(db)).find((p) => p.channel === channel) ?? null;
}

/**
 * Ends the channel's pause (a message went through, or staff resumed it): its waiting deliveries are due
 * at once. Returns whether it was paused.
 */
export async function resumeChannel(
  db: Kysely<Database>,
  channel: SubscriberChannel,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute((trx) => resumeChannelIn(trx, channel, now));
}

/** resumeChannel inside the caller's transaction (staff's resume writes its audit row in the same one). */
export async function resumeChannelIn(
  trx: Transaction<Database>,
  channel: SubscriberChannel,
  now = new Date(),
): Promise<boolean> {
  const removed = await trx.deleteFrom('channel_pauses').where('channel', '=', channel).executeTakeFirst();
  await trx
    .updateTable('deliveries')
    .set({ next_attempt_at: now.toISOString(), waiting: null })
    .where('channel', '=', channel)
    .where('state', '=', 'pending')
    .where('waiting', '=', 'account')
    .execute();
  return Number(removed.numDeletedRows) > 0;
}

/** How long an instance trusts what it read of the pauses before claiming again. */
const READ_CACHE_MS = 1_000;

/**
 * One instance's view of the account pauses, for the worker: read from the database at most once a second
 * before a claim, so a pause another instance recorded stops this one within a second.
 */
export class AccountPauses {
  private read: { at: number; pauses: Map<string, ChannelPause> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The channel's pause, if any (cached a second). */
  async of(channel: SubscriberChannel): Promise<ChannelPause | null> {
    const now = this.clock();
    if (!this.read || now - this.read.at >= READ_CACHE_MS) {
      const pauses = await readPauses(this.db);
      this.read = { at: now, pauses: new Map(pauses.map((p) => [p.channel, p])) };
    }
    return this.read.pauses.get(channel) ?? null;
  }

  /** A refusal of the account: the channel pauses on every instance; returns how long the delivery waits. */
  async refused(channel: SubscriberChannel, code: ErrorCode, reason: string): Promise<number> {
    const pause = await pauseChannel(this.db, channel, code, reason, new Date(this.clock()));
    this.read?.pauses.set(channel, pause);
    return Math.max(0, Date.parse(pause.until) - this.clock());
  }

  /** A message went through on a paused channel: the account is mended, the waiting deliveries are due. */
  async mended(channel: SubscriberChannel): Promise<void> {
    if (!this.read?.pauses.has(channel)) return;
    this.read.pauses.delete(channel);
    await resumeChannel(this.db, channel, new Date(this.clock()));
  }
}
