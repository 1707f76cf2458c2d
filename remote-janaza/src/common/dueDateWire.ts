import type { Dayjs } from 'dayjs';

/**
 * The due date as sent: the wall-clock date and time without an offset, which the shared schema reads
 * as Asia/Singapore time, whatever the time zone of the device the staff member uses.
 */
export function dueDateWire(value: unknown): unknown {
  if (value && typeof value === 'object' && 'format' in value && typeof (value as Dayjs).format === 'function') {
    const d = value as Dayjs;
    return d.isValid() ? d.format('YYYY-MM-DDTHH:mm') : '';
  }
  return value ?? undefined;
}
