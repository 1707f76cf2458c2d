import { DISPLAY_TIME_ZONE } from '@ummahnotify/shared/domain';
import dayjs, { type Dayjs } from 'dayjs';

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm';

/**
 * The date picker works in Singapore wall-clock time whatever the browser's zone: a stored UTC time
 * is turned into its Singapore date and time, and a picked one is sent without an offset, which the
 * server reads as Singapore time (shared/src/domain/events.ts).
 */
export function toPickerValue(utcIso: string): Dayjs {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(utcIso))
      .map((p) => [p.type, p.value]),
  );
  return dayjs(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`);
}

export function fromPickerValue(value: Dayjs | null | undefined): string {
  return value?.isValid() ? value.format(WALL_CLOCK) : '';
}

/** '5 Dec 2026, 19:30' in Singapore time, in the language on screen. */
export function formatEventDateTime(utcIso: string, language: string): string {
  const date = new Date(utcIso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'ta' ? 'ta-IN' : 'en-GB', {
    timeZone: DISPLAY_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
