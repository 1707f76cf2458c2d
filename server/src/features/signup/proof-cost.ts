import { PROVED_CHANNELS, type ProvedChannel } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import { budgetFill } from './limits';

/** How many times the base work a proof asks when the budget it draws from is full (1 when nothing of it is used). */
export const PROOF_COST_GROWTH = 4;

/**
 * The PBKDF2 iterations per counter of a challenge: `base` (PROOF_COST) when the budget is unused, growing in
 * step with its use to PROOF_COST_GROWTH times `base` when it is full. The counter's range is the proof's own
 * (proof.ts): only the work per counter grows, so the page's time grows in the same proportion.
 */
export function proofCost(base: number, fill: number): number {
  const used = Math.min(1, Math.max(0, Number.isFinite(fill) ? fill : 1));
  return Math.round(base * (1 + (PROOF_COST_GROWTH - 1) * used));
}

/**
 * The cost of a challenge for a sign-up on `channel` from `ip`, read from how full its budgets are
 * (limits.ts budgetFill: the shared budget and the sender's network's share of it). A challenge for no channel
 * is good for any, so it costs what the dearest channel costs.
 */
export async function challengeCost(
  app: FastifyInstance,
  base: number,
  channel: ProvedChannel | undefined,
  ip: string,
): Promise<number> {
  const channels = channel ? [channel] : PROVED_CHANNELS;
  let fill = 0;
  for (const c of channels) fill = Math.max(fill, await budgetFill(app.db, app.config.signupLimits, c, ip));
  return proofCost(base, fill);
}
