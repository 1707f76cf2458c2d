import { DISPLAY_TIME_ZONE } from './constants';
import type { Language } from './enums';

/**
 * How a notice's or event's time and texts read, the same in the public feed and in the messages
 * subscribers receive: the full date and time in Singapore (or the zone given), in the reader's language.
 */
export function formatNoticeTime(iso: string, language: Language, timeZone: string = DISPLAY_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'ta' ? 'ta-SG' : 'en-SG', {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(date);
}

/** An event field in the reader's language: the Tamil text when reading Tamil and it is filled in, else the English. */
export function inLanguage(language: Language, en: string, ta: string): string {
  return language === 'ta' && ta.trim() ? ta : en;
}
