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
