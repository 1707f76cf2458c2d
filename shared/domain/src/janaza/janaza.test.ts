import { formatNoticeTime, mapLink } from '@ummahnotify/core';
import fc from 'fast-check';
import { aNotice } from '../../test/answers';
import { formatJanazaPlace, formatJanazaWhen } from '../notice-text';
import {
  dueDateDisplay,
  filterNotices,
  type JanazaNotice,
  janazaCreateSchema,
  janazaUpdateSchema,
  statusBadgeColour,
} from '.';

const notice = (over: Partial<JanazaNotice>): JanazaNotice =>
  aNotice({
    name: 'Haji Ismail',
    dueDate: '2030-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });

const valid = { provider: 'p1', name: 'Haji Ismail', age: 80, postal: '198833', dueDate: '2030-05-01T14:30' };
const errorsOf = (input: unknown) => {
  const r = janazaCreateSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('janazaCreateSchema (docs/product/rules.md)', () => {
  it('requires provider, name, age, postal and due date', () => {
    expect(errorsOf({})).toEqual({
      provider: 'Please choose a provider',
      name: 'Full Name is required',
      age: 'Age is required',
      postal: 'Postal code is required',
      dueDate: 'Choose a prayer and its day, or an exact date and time',
    });
  });

  it('defaults gender to male, not private, status pending, empty note', () => {
    const r = janazaCreateSchema.parse(valid);
    expect(r).toMatchObject({ gender: 'male', isPrivacy: false, status: 'pending', note: '' });
  });

  it('reads multipart text the same as JSON', () => {
    const fromText = janazaCreateSchema.parse({ ...valid, age: '80', isPrivacy: 'true', gender: '', note: '' });
    expect(fromText).toEqual(janazaCreateSchema.parse({ ...valid, isPrivacy: true }));
  });

  it.each([
    [{ postal: '12345' }, 'postal', 'Postal code must be exactly 6 digits'],
    [{ postal: '1234567' }, 'postal', 'Postal code must be exactly 6 digits'],
    [{ postal: '12a456' }, 'postal', 'Postal code must be exactly 6 digits'],
    [{ age: -1 }, 'age', 'Age cannot be below 0'],
    [{ age: 2.5 }, 'age', 'Age must be a whole number'],
    [{ age: 'old' }, 'age', 'Age must be a whole number'],
    [{ gender: 'other' }, 'gender', 'Gender must be male or female'],
    [{ status: 'published' }, 'status', 'Status must be pending, approved, silent or rejected'],
    [{ dueDate: '31/12/2030' }, 'dueDate', 'Due date must be a valid date and time'],
  ])('%j is refused on %s', (over, path, message) => {
    expect(errorsOf({ ...valid, ...over })[path]).toBe(message);
  });

  it('accepts age 0 and any 6-digit postal code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 150 }), (n, age) => {
        const postal = String(n).padStart(6, '0');
        return janazaCreateSchema.safeParse({ ...valid, postal, age }).success;
      }),
    );
  });
});

describe('the time of a notice: exact, or after a prayer', () => {
  const { dueDate: _exact, ...noTime } = valid;
  it('accepts a prayer with its Singapore date instead of dueDate', () => {
    const r = janazaCreateSchema.parse({ ...noTime, prayer: 'asar', prayerDate: '2027-03-04' });
    expect(r).toMatchObject({ prayer: 'asar', prayerDate: '2027-03-04' });
    expect(r.dueDate).toBeUndefined();
  });
  it('refuses both ways at once, and half of the prayer pair, saying which', () => {
    expect(errorsOf({ ...valid, prayer: 'asar', prayerDate: '2027-03-04' })).toEqual({
      dueDate: 'Give either a prayer with its day or an exact time, not both',
    });
    expect(errorsOf({ ...noTime, prayer: 'asar' })).toEqual({ prayerDate: 'Choose the day of the prayer' });
    expect(errorsOf({ ...noTime, prayerDate: '2027-03-04' })).toEqual({ prayer: 'Choose the prayer' });
  });
  it('refuses an unknown prayer and a date that does not exist', () => {
    expect(errorsOf({ ...noTime, prayer: 'jumaat', prayerDate: '2027-02-29' })).toEqual({
      prayer: 'Prayer must be one of subuh, zohor, asar, maghrib, isyak',
      prayerDate: 'The day must be a valid date (YYYY-MM-DD)',
    });
    expect(errorsOf({ ...noTime, prayer: 'asar', prayerDate: '04-03-2027' })).toEqual({
      prayerDate: 'The day must be a valid date (YYYY-MM-DD)',
    });
  });
  it('lets an edit leave the time alone, or change it one way', () => {
    expect(janazaUpdateSchema.safeParse({ name: 'X' }).success).toBe(true);
    expect(janazaUpdateSchema.parse({ prayer: 'subuh', prayerDate: '2027-01-01' })).toMatchObject({ prayer: 'subuh' });
    expect(
      janazaUpdateSchema.safeParse({ dueDate: '2030-05-01T14:30', prayer: 'asar', prayerDate: '2030-05-01' }).success,
    ).toBe(false);
  });
});

describe('janazaUpdateSchema', () => {
  it('keeps only what inline edit may send and drops the rest of the notice', () => {
    const r = janazaUpdateSchema.parse({ ...notice({}), name: 'New Name', status: 'approved' });
    expect(r).not.toHaveProperty('_id');
    expect(r).not.toHaveProperty('providerName');
    expect(r).toMatchObject({ name: 'New Name', status: 'approved', postal: '198833' });
  });

  it('cannot empty a required field', () => {
    expect(janazaUpdateSchema.safeParse({ name: '' }).success).toBe(false);
    expect(janazaUpdateSchema.safeParse({ age: null }).success).toBe(false);
  });
});

describe('dueDateDisplay (docs/product/data.md)', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it("is 'N/A' when missing", () => {
    expect(dueDateDisplay(undefined, now)).toEqual({ kind: 'missing' });
    expect(dueDateDisplay('', now)).toEqual({ kind: 'missing' });
  });
  it('is expired once passed', () => {
    expect(dueDateDisplay('2026-11-21T23:59:00Z', now)).toEqual({ kind: 'expired' });
  });
  it('is day-month-year hour:minute in Asia/Singapore otherwise', () => {
    expect(dueDateDisplay('2026-11-22T16:05:00Z', now)).toEqual({ kind: 'date', text: '23-11-2026 00:05' });
  });
});

describe('statusBadgeColour', () => {
  it('is green for approved, red for rejected, yellow otherwise', () => {
    expect(statusBadgeColour('approved')).toBe('green');
    expect(statusBadgeColour('rejected')).toBe('red');
    expect(statusBadgeColour('pending')).toBe('yellow');
    expect(statusBadgeColour('silent')).toBe('yellow');
  });
});

describe('filterNotices', () => {
  const list = [
    notice({ _id: 'a', name: 'Fatimah binte Yusof', providerName: 'Masjid Darul Aman', status: 'approved' }),
    notice({ _id: 'b', name: 'Abdul Rahman', providerName: 'Al-Ikhlas Janazah Services', status: 'pending' }),
  ];
  it('matches name or provider, ignoring case', () => {
    expect(filterNotices(list, 'FATIMAH', 'all').map((n) => n._id)).toEqual(['a']);
    expect(filterNotices(list, 'ikhlas', 'all').map((n) => n._id)).toEqual(['b']);
  });
  it('filters by status, with search', () => {
    expect(filterNotices(list, '', 'approved').map((n) => n._id)).toEqual(['a']);
    expect(filterNotices(list, 'abdul', 'approved')).toEqual([]);
    expect(filterNotices(list, '  ', 'all')).toHaveLength(2);
  });
});

describe('formatJanazaWhen and formatJanazaPlace', () => {
  // 08:08 UTC is 4:08 pm in Singapore (UTC+8, no daylight saving).
  const asar = { dueDate: '2026-11-25T08:08:00.000Z', prayer: 'asar' as const };
  it('says a prayer-tied time the way people do, with the date, in both languages', () => {
    expect(formatJanazaWhen(asar, 'en')).toMatch(/^Wednesday, 25 November 2026, after Asar \(about 4:08\s?pm\)$/i);
    expect(formatJanazaWhen(asar, 'ta')).toMatch(/^புதன், 25 நவம்பர், 2026, அஸர் தொழுகைக்குப் பின் \(ஏறக்குறைய .*4:08.*\)$/);
  });
  it('reads an exact time as before', () => {
    expect(formatJanazaWhen({ dueDate: asar.dueDate, prayer: null }, 'en')).toBe(formatNoticeTime(asar.dueDate, 'en'));
  });
  it('names the provider and Singapore <postal>, and says nothing when there is no place', () => {
    expect(formatJanazaPlace({ providerName: 'Masjid Sultan', address: '', postal: '198833' }, 'en')).toBe(
      'Masjid Sultan, Singapore 198833',
    );
    expect(
      formatJanazaPlace({ providerName: 'Masjid Sultan', address: '3 Muscat Street', postal: '198833' }, 'ta'),
    ).toBe('Masjid Sultan, 3 Muscat Street, சிங்கப்பூர் 198833');
    expect(formatJanazaPlace({ providerName: ' ', address: '', postal: '' }, 'en')).toBe('');
    expect(mapLink('198833')).toBe('https://www.google.com/maps/search/?api=1&query=Singapore+198833');
  });
});
