import { isPastDay, isPastWallClock, readTypedDate } from './dateEntry';

// One typing format for every form, day-month-year with 24-hour time; ISO understood too.
describe('readTypedDate', () => {
  it('reads the day-month-year the forms show, with a 24-hour time', () => {
    expect(readTypedDate('25-11-2026 10:00', true)).toBe('2026-11-25T10:00');
    expect(readTypedDate('25-11-2026 22:05', true)).toBe('2026-11-25T22:05');
    expect(readTypedDate('29-11-2026', false)).toBe('2026-11-29');
  });

  it('understands the ISO order and the usual separators, and a one-digit day, month or hour', () => {
    expect(readTypedDate('2026-11-25 10:00', true)).toBe('2026-11-25T10:00');
    expect(readTypedDate('25/11/2026 9:30', true)).toBe('2026-11-25T09:30');
    expect(readTypedDate('5.1.2027', false)).toBe('2027-01-05');
    expect(readTypedDate('  2026-11-25   10:00 ', true)).toBe('2026-11-25T10:00');
  });

  it('refuses what is not a real day or time rather than rolling it over', () => {
    expect(readTypedDate('31-02-2027 10:00', true)).toBeUndefined();
    expect(readTypedDate('29-02-2027', false)).toBeUndefined();
    expect(readTypedDate('29-02-2028', false)).toBe('2028-02-29');
    expect(readTypedDate('25-13-2026', false)).toBeUndefined();
    expect(readTypedDate('25-11-2026 24:00', true)).toBeUndefined();
    expect(readTypedDate('25-11-2026 10:60', true)).toBeUndefined();
  });

  it('refuses words, a missing or extra time, and a two-digit year', () => {
    expect(readTypedDate('next friday', true)).toBeUndefined();
    expect(readTypedDate('25-11-2026', true)).toBeUndefined();
    expect(readTypedDate('25-11-2026 10:00', false)).toBeUndefined();
    expect(readTypedDate('25-11-26 10:00', true)).toBeUndefined();
    expect(readTypedDate('10:00am 25-11-2026', true)).toBeUndefined();
    expect(readTypedDate('', false)).toBeUndefined();
  });
});

describe('passed times (the warning before saving an expired notice or event)', () => {
  // 27 Nov 2026, 09:00 in Singapore (UTC+8).
  const now = Date.parse('2026-11-27T01:00:00Z');

  it('a Singapore wall-clock time has passed when it is at or before now, whatever the device zone', () => {
    expect(isPastWallClock('2026-11-27T08:59', now)).toBe(true);
    expect(isPastWallClock('2026-11-27T09:00', now)).toBe(true);
    expect(isPastWallClock('2026-11-27T09:01', now)).toBe(false);
    expect(isPastWallClock('2026-11-25T10:00', now)).toBe(true);
    expect(isPastWallClock('', now)).toBe(false);
  });

  it('a day has passed when it is before today in Singapore', () => {
    expect(isPastDay('2026-11-26', now)).toBe(true);
    expect(isPastDay('2026-11-27', now)).toBe(false);
    // 23:30 UTC on the 26th is already the 27th in Singapore.
    expect(isPastDay('2026-11-26', Date.parse('2026-11-26T23:30:00Z'))).toBe(true);
    expect(isPastDay('not a day', now)).toBe(false);
  });
});
