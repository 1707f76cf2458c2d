import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ummahnotify/core';

/** The visitor's language choice, kept across visits and shared by the dashboard and the light public app. */
export const LANGUAGE_STORAGE_KEY = 'ummahnotify.language';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/**
 * The visitor's language: their own choice when they have made one, else the language of the link they came by (a
 * notice link in a message carries `?lang=`, docs/product/delivery.md), else English.
 */
export function readStoredLanguage(): Language {
  let stored: string | null | undefined;
  try {
    stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): no choice kept.
  }
  if (isLanguage(stored)) return stored;
  const linked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  return isLanguage(linked) ? linked : DEFAULT_LANGUAGE;
}

/** Marks the page's language (screen readers, fonts) and remembers it for the next visit. */
export function rememberLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}
