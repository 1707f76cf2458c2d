import { singaporeDate, singaporeDayStart, singaporeWallClock } from '@ummahnotify/core';
import type { QuietHours } from '../config';

/**
 * When an event's messages made at `at` may go (docs/product/delivery.md#quiet-hours): at once outside the quiet
 * hours; inside them, when they end (07:00 Singapore time), unless the event starts before then, since a message
 * held past its start would never go. null: at once.
 */
export function quietHoursEnd(at: Date, quiet: QuietHours | null, eventStart?: string): Date | null {
  if (!quiet) return null;
  const clock = singaporeWallClock(at);
  const minute = Number(clock.hour) * 60 + Number(clock.minute);
  const spansMidnight = quiet.from > quiet.to;
  const inside = spansMidnight ? minute >= quiet.from || minute < quiet.to : minute >= quiet.from && minute < quiet.to;
  if (!inside) return null;
  // The end is today's `to` when it is still ahead, else tomorrow's (after 22:00 for 22:00-07:00).
  const day = singaporeDate(at);
  const endsToday = minute < quiet.to;
  const end = new Date(Date.parse(singaporeDayStart(day, endsToday ? 0 : 1)) + quiet.to * 60_000);
  if (eventStart && Date.parse(eventStart) <= end.getTime()) return null;
  return end;
}
