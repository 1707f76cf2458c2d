import dayjs from 'dayjs';
import { pastTimeOf } from './JanazaTimeFields';

// A janaza time that has passed is named before saving; the picker values are Singapore wall clock.
describe('pastTimeOf', () => {
  // 27 Nov 2026, 09:00 in Singapore.
  const now = Date.parse('2026-11-27T01:00:00Z');

  it('names an exact time that has passed as the form shows it', () => {
    expect(pastTimeOf({ timeKind: 'exact', dueDate: dayjs('2026-11-25T10:00') }, now)).toBe('25-11-2026 10:00');
    expect(pastTimeOf({ timeKind: 'exact', dueDate: dayjs('2026-11-27T08:59') }, now)).toBe('27-11-2026 08:59');
  });

  it('says nothing of a time still to come, or of none', () => {
    expect(pastTimeOf({ timeKind: 'exact', dueDate: dayjs('2026-11-27T09:30') }, now)).toBeUndefined();
    expect(pastTimeOf({ timeKind: 'exact', dueDate: null }, now)).toBeUndefined();
  });

  it('names a prayer day before today; not today, whose prayer time only the server computes', () => {
    expect(pastTimeOf({ timeKind: 'prayer', prayer: 'asar', prayerDate: dayjs('2026-11-26') }, now)).toBe('26-11-2026');
    expect(pastTimeOf({ timeKind: 'prayer', prayer: 'subuh', prayerDate: dayjs('2026-11-27') }, now)).toBeUndefined();
    expect(pastTimeOf({ timeKind: 'prayer', prayer: 'asar', prayerDate: dayjs('2026-11-28') }, now)).toBeUndefined();
  });
});
