import type { SubscriberChannel } from '@ummahnotify/core';
import type { DeliveryScope } from '@ummahnotify/domain';
import type { Kysely, Transaction } from 'kysely';
import { audit } from '../audit';
import type { Database } from '../db/schema';

/**
 * The delivery switch (docs/decisions/2026-11-29-delivery-switch.md): a superadmin switches delivery off, on every
 * channel ('all') or one, for maintenance, a restore or a provider problem. Unlike an account pause (pauses.ts) it
 * never ends on its own and is never tried: only a superadmin's resume ends it. The row is in the database, so no
 * instance claims a switched-off channel's deliveries (claim.ts reads it in the claim's own statement); the
 * deliveries wait, pending, and expire at a janaza's prayer time (an event's start) as always (expiry.ts).
 */
export interface SwitchedOff {
  scope: DeliveryScope;
  reason: string;
  /** The user who switched it off; null when the server did (DELIVERY_PAUSED, a restored database). */
  pausedBy: string | null;
  since: string;
}

/** The reason DELIVERY_PAUSED=true records at start. */
export const PAUSED_AT_START = 'DELIVERY_PAUSED at start';

type Db = Kysely<Database> | Transaction<Database>;

/** What is switched off now ('all' first, then the channels), with who did it by name. */
export async function readSwitches(db: Db): Promise<(SwitchedOff & { byName: string | null })[]> {
  const rows = await db
    .selectFrom('delivery_switch as s')
    .leftJoin('users as u', 'u.id', 's.paused_by')
    .select(['s.scope', 's.reason', 's.paused_by', 's.since', 'u.first_name', 'u.last_name'])
    .execute();
  const order = (scope: string) => (scope === 'all' ? '' : scope);
  return rows
    .sort((a, b) => order(a.scope).localeCompare(order(b.scope)))
    .map((r) => ({
      scope: r.scope as DeliveryScope,
      reason: r.reason,
      pausedBy: r.paused_by,
      since: r.since,
      byName: r.paused_by ? [r.first_name, r.last_name].filter(Boolean).join(' ') || null : null,
    }));
}

/** The switch that keeps this channel from sending ('all' before the channel's own), if any. */
export function switchOf<T extends SwitchedOff>(switches: readonly T[], channel: SubscriberChannel): T | undefined {
  return switches.find((s) => s.scope === 'all') ?? switches.find((s) => s.scope === channel);
}

/**
 * Switches the scope off; returns the new row, or null when it already was off (its reason and time are kept: the
 * first pause is what staff need to see).
 */
export async function switchOffIn(
  trx: Db,
  scope: DeliveryScope,
  reason: string,
  pausedBy: string | null,
  now = new Date(),
): Promise<SwitchedOff | null> {
  const row = { scope, reason: reason.slice(0, 500), paused_by: pausedBy, since: now.toISOString() };
  const done = await trx
    .insertInto('delivery_switch')
    .values(row)
    .onConflict((oc) => oc.column('scope').doNothing())
    .executeTakeFirst();
  if (Number(done.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  return { scope, reason: row.reason, pausedBy, since: row.since };
}

/** Switches the scope on again; returns the row it removed, or null when it was not off. */
export async function switchOnIn(trx: Db, scope: DeliveryScope): Promise<SwitchedOff | null> {
  const known = await trx.selectFrom('delivery_switch').selectAll().where('scope', '=', scope).executeTakeFirst();
  if (!known) return null;
  const removed = await trx.deleteFrom('delivery_switch').where('scope', '=', scope).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return null;
  return { scope, reason: known.reason, pausedBy: known.paused_by, since: known.since };
}

/**
 * Switches delivery off on every channel, with an activity row, unless it already is: what DELIVERY_PAUSED=true
 * does at start, and what a restore does to a restored database so the restored server starts paused. `by`: the
 * user's id, null for the server. Returns whether it was switched off now (false: it already was).
 */
export async function pauseAllDelivery(db: Kysely<Database>, reason: string, by: string | null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await switchOffIn(trx, 'all', reason, by);
    if (!row) return false;
    await audit(trx, {
      actorId: by,
      action: 'delivery.paused',
      entity: 'delivery',
      entityId: 'all',
      after: { scope: 'all', reason: row.reason },
    });
    return true;
  });
}

/** How long the worker trusts what it read of the switch before a send. */
const READ_CACHE_MS = 1_000;

/**
 * One instance's view of the switch for the sends already claimed when it was switched off: read at most once a
 * second, so a claimed message waiting for its slot does not go out after a pause another instance recorded.
 */
export class SwitchReader {
  private read: { at: number; switches: SwitchedOff[] } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A claim just read the switch in its own statement: what was cached before it is stale. */
  forget(): void {
    this.read = null;
  }

  async of(channel: SubscriberChannel): Promise<SwitchedOff | undefined> {
    const now = this.clock();
    if (!this.read || now - this.read.at >= READ_CACHE_MS)
      this.read = { at: now, switches: await readSwitches(this.db) };
    return switchOf(this.read.switches, channel);
  }
}
