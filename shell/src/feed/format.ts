import { DISPLAY_TIME_ZONE, type Language } from '@ummahnotify/shared/domain';

/** A date and time as Singapore reads it, whatever the visitor's device zone. */
export function formatFeedTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'ta' ? 'ta-SG' : 'en-SG', {
    timeZone: DISPLAY_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(date);
}

/** The Tamil text when the page is in Tamil and it is filled in, else the English. */
export function pick(language: Language, en: string, ta: string): string {
  return language === 'ta' && ta.trim() ? ta : en;
}
