/**
 * Time, in one place for the server and every remote. UmmahNotify serves one community in Singapore:
 * times are entered as Singapore wall-clock time, stored as UTC ISO 8601, prayer times are computed for
 * Singapore, and every time is shown in Singapore time, whatever the zone of the device or the server
 * (docs/decisions/2026-11-25-one-time-zone.md).
 */
export const TIME_ZONE = 'Asia/Singapore';
/** Singapore's UTC offset (no daylight saving): a date-time sent without an offset is Singapore time. */
const OFFSET = '+08:00';
const DAY_MS = 24 * 60 * 60_000;

/**
 * Intl.DateTimeFormat instances, made once per locale and options: making one costs about a
 * millisecond (locale data is loaded each time), which a delivery batch would otherwise pay per render.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The Singapore locale of the language on screen. */
export const localeOf = (language: string): 'ta-SG' | 'en-SG' => (language === 'ta' ? 'ta-SG' : 'en-SG');

const validDate = (iso: string | number | Date): Date | undefined => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;
/** An ISO date-time, with or without offset (none: Singapore time), as UTC ISO 8601; undefined if not one. */
export function toUtcIso(value: string): string | undefined {
  if (!DATE_TIME.test(value)) return undefined;
  const date = validDate(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}${OFFSET}`);
  if (!date) return undefined;
  const year = date.getUTCFullYear();
  return year >= 2000 && year <= 2100 ? date.toISOString() : undefined;
}

/** The Singapore calendar date (YYYY-MM-DD) of a moment, today's by default. */
export function singaporeDate(at: Date | number = Date.now()): string {
  // en-CA formats as YYYY-MM-DD.
  return dateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
}

/** The start of a Singapore day (YYYY-MM-DD) as UTC ISO 8601; `days` later for the end. */
export function singaporeDayStart(day: string, days = 0): string {
  return new Date(Date.parse(`${day}T00:00:00${OFFSET}`) + days * DAY_MS).toISOString();
}

export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** A moment's Singapore date and 24-hour time, as two-digit parts (a four-digit year). */
export function singaporeWallClock(at: string | Date): WallClock {
  const parts = dateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: keyof WallClock) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/**
 * "14:07" for a moment later today, "27-11-2026 09:15" on another day: a delivery's expected end or a
 * provider's pause in the lists, 24-hour Singapore time like the due dates (singaporeWallClock); '' if not a time.
 */
export function formatClockTime(iso: string, now: Date | number = Date.now()): string {
  const date = validDate(iso);
  if (!date) return '';
  const c = singaporeWallClock(date);
  const time = `${c.hour}:${c.minute}`;
  return singaporeDate(date) === singaporeDate(now) ? time : `${c.day}-${c.month}-${c.year} ${time}`;
}

/** "Tuesday, 24 November 2026 at 12:30 pm": a notice's or event's time in the feed and in messages. */
export function formatNoticeTime(iso: string, language: string): string {
  const date = validDate(iso);
  return date
    ? dateTimeFormat(localeOf(language), { timeZone: TIME_ZONE, dateStyle: 'full', timeStyle: 'short' }).format(date)
    : iso;
}

/** "22 Nov 2026, 3:05 pm": when a row was made or changed; a dash when there is none. */
export function formatMoment(iso: string | null | undefined, language: string): string {
  const date = iso ? validDate(iso) : undefined;
  return date
    ? dateTimeFormat(localeOf(language), { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(date)
    : '—';
}

/** "22 Nov 2026, 2:05:09 pm": when figures were last counted, to the second. */
export function formatUpdatedAt(iso: string, language: string): string {
  const date = validDate(iso);
  if (!date) return iso;
  return dateTimeFormat(localeOf(language), {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
}

/** "5 Dec 2026, 19:30": an event's start in the events list, 24-hour. */
export function formatEventDateTime(iso: string, language: string): string {
  const date = validDate(iso);
  if (!date) return '';
  return dateTimeFormat(language === 'ta' ? 'ta-IN' : 'en-GB', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** A calendar date (YYYY-MM-DD, e.g. a birth date) as a date only, "21 Jul 1998"; the same in every zone. */
export function formatDateOnly(date: string | null | undefined, language: string): string {
  if (!date) return '—';
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return date;
  return dateTimeFormat(localeOf(language), { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
