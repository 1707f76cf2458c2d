import type { Language } from '@ummahnotify/core';
import { dateTimeFormat, formatNoticeTime, isPrayer, localeOf, type Prayer, TIME_ZONE } from '@ummahnotify/core';
import { prayer } from './i18n/prayer';

/** An event field in the reader's language: the Tamil text when reading Tamil and it is filled in, else the English. */
export function inLanguage(language: Language, en: string, ta: string): string {
  return language === 'ta' && ta.trim() ? ta : en;
}

/** What a janaza notice's time and place are read from (the notice JSON, the feed item, a database row). */
export interface JanazaWhenWhere {
  dueDate: string;
  /** Set when the janaza prayer follows a daily prayer; null or absent for an exact time. */
  prayer?: Prayer | null;
  providerName?: string | null;
  address?: string | null;
  postal?: string | null;
}

/** A catalogue text with its {{placeholders}} filled in (outside i18next: server texts, messages). */
export const fillIn = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * THE way a janaza notice's time reads everywhere (admin lists, public feed, .ics, every message):
 * "Wednesday, 25 November 2026, after Asar (about 4:08 pm)" for a prayer-tied notice, in the reader's
 * language; an exact-time notice reads as formatNoticeTime(). `dateStyle` 'medium' for narrow places.
 */
export function formatJanazaWhen(
  notice: Pick<JanazaWhenWhere, 'dueDate' | 'prayer'>,
  language: Language,
  dateStyle: 'full' | 'medium' = 'full',
): string {
  const date = new Date(notice.dueDate);
  if (!isPrayer(notice.prayer) || Number.isNaN(date.getTime())) return formatNoticeTime(notice.dueDate, language);
  const locale = localeOf(language);
  const t = prayer[language];
  return fillIn(t.when, {
    date: dateTimeFormat(locale, { timeZone: TIME_ZONE, dateStyle }).format(date),
    prayer: t[`name.${notice.prayer}`],
    time: dateTimeFormat(locale, { timeZone: TIME_ZONE, timeStyle: 'short' }).format(date),
  });
}

/**
 * Where the janaza prayer is: the provider (masjid or funeral service), the address when one was given,
 * and "Singapore <postal>"; '' when there is nothing to say (then no "Place:" line is shown).
 */
export function formatJanazaPlace(notice: Omit<JanazaWhenWhere, 'dueDate' | 'prayer'>, language: Language): string {
  const provider = notice.providerName?.trim() ?? '';
  const address = notice.address?.trim() ?? '';
  const postal = notice.postal?.trim() ?? '';
  return [
    provider,
    address && address !== provider ? address : '',
    postal ? fillIn(prayer[language].singapore, { postal }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}
