import { DISPLAY_TIME_ZONE } from '@ummahnotify/shared/domain';

/** A UTC ISO time as Singapore time, e.g. "22 Nov 2026, 2:05:09 pm", in the page's language. */
export function formatUpdatedAt(iso: string, language: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'ta' ? 'ta-SG' : 'en-SG', {
    timeZone: DISPLAY_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(time);
}
