import type { Language } from '@ummahnotify/core';

/**
 * An element id in a language's frame. The page holds a frame per language, and an id must be once in a page (a
 * label's `for`, a link's `#fragment` and `aria-labelledby` find the first, which may be in the hidden frame):
 * English keeps the plain id (the one links and tests name), another language's has `-<language>`.
 */
export function frameId(base: string, language: Language): string {
  return language === 'en' ? base : `${base}-${language}`;
}
