import { DISPLAY_TIME_ZONE } from '@ummahnotify/shared/domain';
import dayjs, { type Dayjs } from 'dayjs';

const locale = (lang: string) => (lang === 'ta' ? 'ta-SG' : 'en-SG');

/** A stored moment (UTC ISO) as a Singapore date and time, e.g. "22 Nov 2026, 3:05 pm". */
export function formatMoment(iso: string | null | undefined, lang: string): string {
  if (!iso) return '—';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '—';
  return new Intl.DateTimeFormat(locale(lang), {
    timeZone: DISPLAY_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(time);
}

/** A calendar date ('YYYY-MM-DD', e.g. a birth date) shown as a date only, e.g. "21 Jul 1998". */
export function formatDateOnly(date: string | null | undefined, lang: string): string {
  if (!date) return '—';
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** Date picker value <-> the 'YYYY-MM-DD' the API takes. */
export function toDateText(value: Dayjs | null | undefined): string | null {
  return value?.isValid() ? value.format('YYYY-MM-DD') : null;
}

export function fromDateText(date: string | null | undefined): Dayjs | null {
  return date ? dayjs(date.slice(0, 10), 'YYYY-MM-DD') : null;
}
