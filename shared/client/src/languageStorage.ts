import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ummahnotify/core';

/** The visitor's language choice, kept across visits and shared by the dashboard and the light public app. */
export const LANGUAGE_STORAGE_KEY = 'ummahnotify.language';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

export function readStoredLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
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
