import { singaporeWallClock } from '@ummahnotify/core';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * antd's date pickers hold dayjs values in the device's zone; the dashboard's pickers show Singapore
 * wall-clock time whatever that zone is, and send it without an offset, which the server reads as
 * Singapore time (shared/core/src/time.ts).
 */
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm';
const DATE = 'YYYY-MM-DD';

/** Duck-typed: a picker's dayjs may come from another build's copy of dayjs, where instanceof fails. */
const isDayjs = (value: unknown): value is Dayjs =>
  !!value && typeof value === 'object' && typeof (value as Dayjs).format === 'function';

/** A stored UTC time as the picker value showing its Singapore date and time. */
export function pickerValueOf(utcIso: string): Dayjs {
  const c = singaporeWallClock(utcIso);
  return dayjs(`${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}`);
}

/** A picked date and time as sent: 'YYYY-MM-DDTHH:mm' without an offset; '' when none or invalid. */
export function wallClockOf(value: Dayjs | null | undefined): string {
  return value?.isValid() ? value.format(WALL_CLOCK) : '';
}

/** A form value as sent: a picked dayjs as its wall-clock text, anything else (already text) as it is. */
export function wallClockOrValue(value: unknown): unknown {
  return isDayjs(value) ? wallClockOf(value) : (value ?? undefined);
}

/** A picked calendar date as 'YYYY-MM-DD'; null when none. */
export function dateTextOf(value: Dayjs | null | undefined): string | null {
  return value?.isValid() ? value.format(DATE) : null;
}

/** A 'YYYY-MM-DD' (or a longer ISO text) as the picker value of that date. */
export function pickerDateOf(date: string | null | undefined): Dayjs | null {
  return date ? dayjs(date.slice(0, 10), DATE) : null;
}
