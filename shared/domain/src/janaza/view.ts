import type { NotificationStatus } from '@ummahnotify/core';
import { singaporeWallClock } from '@ummahnotify/core';
import type { JanazaNotice } from './answers';

/** How notices read in the dashboard: the status badge, the due date (docs/product/data.md), the list filter. */
/** docs/product/data.md: the badge is green for approved, red for rejected, otherwise yellow. */
export function statusBadgeColour(s: NotificationStatus): 'green' | 'red' | 'yellow' {
  return s === 'approved' ? 'green' : s === 'rejected' ? 'red' : 'yellow';
}

export type DueDateDisplay = { kind: 'missing' } | { kind: 'expired' } | { kind: 'date'; text: string };

/**
 * docs/product/data.md due-date display: 'N/A' when missing, 'Expired-delete it' when passed, otherwise
 * day-month-year hour:minute in Asia/Singapore (e.g. 23-11-2026 14:05).
 */
export function dueDateDisplay(dueDate: string | null | undefined, now: Date = new Date()): DueDateDisplay {
  if (!dueDate) return { kind: 'missing' };
  const when = new Date(dueDate);
  if (Number.isNaN(when.getTime())) return { kind: 'missing' };
  if (when.getTime() < now.getTime()) return { kind: 'expired' };
  const parts = singaporeWallClock(when);
  return { kind: 'date', text: `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}` };
}

/** Client-side list filter: search by name or provider (case-insensitive), and status ('all' for every one). */
export function filterNotices(
  notices: readonly JanazaNotice[],
  q: string,
  statusFilter: NotificationStatus | 'all',
): JanazaNotice[] {
  const needle = q.trim().toLocaleLowerCase();
  return notices.filter(
    (n) =>
      (statusFilter === 'all' || n.status === statusFilter) &&
      (!needle || n.name.toLocaleLowerCase().includes(needle) || n.providerName.toLocaleLowerCase().includes(needle)),
  );
}
