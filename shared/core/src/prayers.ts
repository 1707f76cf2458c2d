/**
 * The five daily prayers a janaza prayer is announced after (docs/decisions/2026-11-25-prayer-tied-janaza-time.md), with the
 * names people in Singapore use. Their labels, in English and Tamil, are the `prayer` catalogue; the
 * time of each prayer is computed on the server only (server/src/features/janaza/prayer-time.ts).
 */
export const PRAYERS = ['subuh', 'zohor', 'asar', 'maghrib', 'isyak'] as const;
export type Prayer = (typeof PRAYERS)[number];

export function isPrayer(value: unknown): value is Prayer {
  return typeof value === 'string' && (PRAYERS as readonly string[]).includes(value);
}

const PRAYER_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Singapore calendar date `YYYY-MM-DD` (2000 to 2100) -> [year, month, day]; undefined if not one. */
export function parsePrayerDate(value: string): [number, number, number] | undefined {
  const match = PRAYER_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return year >= 2000 && year <= 2100 ? [year, month, day] : undefined;
}

/** Google Maps search link for a Singapore postal code: a link only, no map API is called. */
export function mapLink(postal: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`Singapore ${postal}`).replace(/%20/g, '+')}`;
}
