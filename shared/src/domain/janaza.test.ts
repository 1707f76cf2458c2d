import fc from 'fast-check';
import {
  dueDateDisplay,
  filterNotices,
  type JanazaNotice,
  janazaCreateSchema,
  janazaUpdateSchema,
  statusBadgeColour,
  toUtcIso,
} from './janaza';

const notice = (over: Partial<JanazaNotice>): JanazaNotice => ({
  _id: 'n1',
  provider: 'p1',
  providerName: 'Masjid Sultan',
  contact: '62934405',
  name: 'Haji Ismail',
  age: 80,
  postal: '198833',
  gender: 'male',
  isPrivacy: false,
  dueDate: '2030-01-01T00:00:00.000Z',
  note: '',
  address: '',
  imageUrl: null,
  thumbnailUrl: null,
  status: 'pending',
  userId: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const valid = { provider: 'p1', name: 'Haji Ismail', age: 80, postal: '198833', dueDate: '2030-05-01T14:30' };
const errorsOf = (input: unknown) => {
  const r = janazaCreateSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('janazaCreateSchema (SPEC §5)', () => {
  it('requires provider, name, age, postal and due date', () => {
    expect(errorsOf({})).toEqual({
      provider: 'Please choose a provider',
      name: 'Full Name is required',
      age: 'Age is required',
      postal: 'Postal code is required',
      dueDate: 'Due date and time are required',
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

describe('dueDateDisplay (SPEC §4)', () => {
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
