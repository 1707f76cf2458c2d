/**
 * A section's messages in both languages. The Tamil side must have exactly the English keys,
 * so a string added in English without its Tamil twin fails the type check.
 */
export type Messages = Record<string, string>;
export interface Catalogue<T extends Messages> {
  en: T;
  ta: { [K in keyof T]: string };
}

export function defineCatalogue<T extends Messages>(en: T, ta: { [K in keyof T]: string }): Catalogue<T> {
  return { en, ta };
}
