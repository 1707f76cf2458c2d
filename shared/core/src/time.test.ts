import {
  formatClockTime,
  formatDateOnly,
  formatEventDateTime,
  formatMoment,
  formatUpdatedAt,
  singaporeDate,
  singaporeDayStart,
  singaporeWallClock,
  toUtcIso,
} from './time';

// Singapore is UTC+8 all year (no daylight saving since 1982): the expected values below follow from that.
describe('toUtcIso', () => {
  it('reads a date-time without an offset as Singapore time', () => {
    expect(toUtcIso('2030-05-01T14:30')).toBe('2030-05-01T06:30:00.000Z');
  });
  it('keeps an explicit offset', () => {
    expect(toUtcIso('2030-05-01T14:30:00Z')).toBe('2030-05-01T14:30:00.000Z');
    expect(toUtcIso('2030-05-01T14:30:00+05:30')).toBe('2030-05-01T09:00:00.000Z');
  });
  it('refuses what is not a date-time', () => {
    expect(toUtcIso('tomorrow')).toBeUndefined();
    expect(toUtcIso('2030-13-45T99:00')).toBeUndefined();
  });
});

describe('Singapore days', () => {
  it('names the Singapore date of a moment, which runs 8 hours ahead of UTC', () => {
    expect(singaporeDate(Date.parse('2026-11-24T15:59:59Z'))).toBe('2026-11-24');
    expect(singaporeDate(Date.parse('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
  });
  it('starts a Singapore day at 16:00 UTC the day before', () => {
    expect(singaporeDayStart('2026-11-25')).toBe('2026-11-24T16:00:00.000Z');
    expect(singaporeDayStart('2026-11-25', 1)).toBe('2026-11-25T16:00:00.000Z');
  });
  it('reads the Singapore wall clock of a moment', () => {
    expect(singaporeWallClock('2026-12-31T16:05:00Z')).toEqual({
      year: '2027',
      month: '01',
      day: '01',
      hour: '00',
      minute: '05',
    });
  });
});

describe('shown times are Singapore times in the language on screen', () => {
  const at = '2026-11-22T07:05:09Z'; // 3:05:09 pm in Singapore
  it('a moment, to the minute', () => {
    expect(formatMoment(at, 'en')).toMatch(/^22 Nov 2026, 3:05\spm$/);
    expect(formatMoment(null, 'en')).toBe('—');
  });
  it('an update, to the second', () => {
    expect(formatUpdatedAt(at, 'en')).toMatch(/^22 Nov 2026, 3:05:09\spm$/);
  });
  it("an event's start, 24-hour", () => {
    expect(formatEventDateTime(at, 'en')).toBe('22 Nov 2026, 15:05');
    expect(formatEventDateTime('soon', 'en')).toBe('');
  });
  it('a time of day, 24-hour, with the date only when it is not today in Singapore', () => {
    const now = Date.parse('2026-11-22T02:00:00Z'); // 10:00 in Singapore
    expect(formatClockTime(at, now)).toBe('15:05');
    // 00:30 on the 23rd in Singapore, though still the 22nd in UTC
    expect(formatClockTime('2026-11-22T16:30:00Z', now)).toBe('23-11-2026 00:30');
    expect(formatClockTime('soon', now)).toBe('');
  });
  it('a calendar date, the same whatever the zone', () => {
    expect(formatDateOnly('1998-07-21', 'en')).toBe('21 Jul 1998');
  });
});
