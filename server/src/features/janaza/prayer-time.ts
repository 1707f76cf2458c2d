import { type Prayer, parsePrayerDate } from '@ummahnotify/core';
import { CalculationMethod, Coordinates, Madhab, PrayerTimes } from 'adhan';

/**
 * THE place a prayer's time is computed (docs/decisions/2026-11-25-prayer-tied-janaza-time.md): adhan's Singapore method (MUIS
 * convention: Fajr 20°, Isha 18°, Asr by the Shafi'i shadow length, Zohor 1 minute after noon, times
 * rounded up to the minute) at the centre of Singapore. The island is about 50 km across: a prayer's time
 * differs by under 2 minutes from one end to the other, as on MUIS's single national timetable.
 */
export const SINGAPORE = { latitude: 1.3521, longitude: 103.8198 } as const;

const ADHAN_NAME: Record<Prayer, 'fajr' | 'dhuhr' | 'asr' | 'maghrib' | 'isha'> = {
  subuh: 'fajr',
  zohor: 'dhuhr',
  asar: 'asr',
  maghrib: 'maghrib',
  isyak: 'isha',
};

function parameters() {
  const params = CalculationMethod.Singapore();
  params.madhab = Madhab.Shafi;
  return params;
}

/**
 * The time of `prayer` on the Singapore date `prayerDate` (YYYY-MM-DD), as UTC ISO 8601.
 * Throws on a date that is not one (the shared schema has refused those already).
 */
export function prayerTime(prayer: Prayer, prayerDate: string): string {
  const ymd = parsePrayerDate(prayerDate);
  if (!ymd) throw new Error(`Not a date: ${prayerDate}`);
  const [year, month, day] = ymd;
  // adhan reads the calendar date from the local fields of the Date it is given, whatever the process zone.
  const times = new PrayerTimes(
    new Coordinates(SINGAPORE.latitude, SINGAPORE.longitude),
    new Date(year, month - 1, day),
    parameters(),
  );
  return times[ADHAN_NAME[prayer]].toISOString();
}

/** The time of a notice as the API was given it: exact (`dueDate`) or after a prayer (`prayer`, `prayerDate`). */
export interface GivenTime {
  dueDate?: string;
  prayer?: Prayer;
  prayerDate?: string;
}

/**
 * The stored due_date and prayer for what was given; undefined when no time was given (an edit that
 * leaves the time as it is). The shared schemas have already refused both, half a pair, or bad values.
 */
export function noticeTime(given: GivenTime): { due_date: string; prayer: Prayer | null } | undefined {
  if (given.prayer && given.prayerDate)
    return { due_date: prayerTime(given.prayer, given.prayerDate), prayer: given.prayer };
  if (given.dueDate !== undefined) return { due_date: given.dueDate, prayer: null };
  return undefined;
}
