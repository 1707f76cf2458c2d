import type { Language } from '@ummahnotify/core';

/** The four ways to get notices, in the order the switch shows them. */
export const CHANNELS = ['webpush', 'email', 'telegram', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

export const OUTCOME_TYPES = ['success', 'error', 'info'] as const;
export type OutcomeType = (typeof OUTCOME_TYPES)[number];

/**
 * An element id in a language's frame. The page holds a frame per language, and an id must be once in a page (a
 * label's `for` finds the first): English keeps the plain id (the one links and tests name), Tamil's has `-ta`.
 */
export function fieldId(base: string, language: Language): string {
  return language === 'en' ? base : `${base}-${language}`;
}
