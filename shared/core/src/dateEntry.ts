import { singaporeDate, toUtcIso } from './time';

/**
 * How staff type and read a date in every dashboard form: the community's day-month-year and
 * 24-hour time. The pickers show the first format of each list and understand the others when typed (the
 * ISO order a computer prints, e.g. a date copied from a message).
 */
export const DATE_ENTRY_FORMATS = ['DD-MM-YYYY', 'YYYY-MM-DD'] as const;
export const DATE_TIME_ENTRY_FORMATS = ['DD-MM-YYYY HH:mm', 'YYYY-MM-DD HH:mm'] as const;
/** What the refusal of an unreadable typed date shows as an example. */
export const DATE_ENTRY_EXAMPLE = '25-11-2026';
export const DATE_TIME_ENTRY_EXAMPLE = '25-11-2026 10:00';

/** A typed date (and time), as 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' Singapore wall-clock text. */
export type TypedDate = string;

const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const TIME = /^(\d{1,2})[:.](\d{2})$/;

const two = (n: number) => String(n).padStart(2, '0');

function calendarDay(text: string): string | undefined {
  const dayFirst = DAY_FIRST.exec(text);
  const yearFirst = YEAR_FIRST.exec(text);
  const [year, month, day] = dayFirst
    ? [dayFirst[3], dayFirst[2], dayFirst[1]].map(Number)
    : yearFirst
      ? [yearFirst[1], yearFirst[2], yearFirst[3]].map(Number)
      : [];
  if (!year || !month || !day) return undefined;
  // 31-02-2027 is no day: a Date built from it rolls over into March.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${two(month)}-${two(day)}`;
}

/**
 * What a staff member typed into a date field, read as the pickers read it: day-month-year or
 * year-month-day (with '-', '/' or '.'), then with `withTime` a 24-hour time. Undefined when it is not
 * one (the field then says how to type it rather than keeping the text silently).
 */
export function readTypedDate(text: string, withTime: boolean): TypedDate | undefined {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== (withTime ? 2 : 1)) return undefined;
  const day = calendarDay(parts[0]);
  if (!day || !withTime) return day;
  const time = TIME.exec(parts[1]);
  if (!time) return undefined;
  const [hour, minute] = [Number(time[1]), Number(time[2])];
  if (hour > 23 || minute > 59) return undefined;
  return `${day}T${two(hour)}:${two(minute)}`;
}

/**
 * True when a Singapore wall-clock time ('YYYY-MM-DDTHH:mm') has passed: a janaza notice or an event
 * saved with it is already expired (its messages are never sent, docs/product/data.md shows it as expired).
 */
export function isPastWallClock(wallClock: string, now: Date | number = Date.now()): boolean {
  const utc = toUtcIso(wallClock);
  return utc !== undefined && Date.parse(utc) <= new Date(now).getTime();
}

/** True when a Singapore calendar day ('YYYY-MM-DD') is before today in Singapore. */
export function isPastDay(day: string, now: Date | number = Date.now()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day < singaporeDate(now);
}
