import { deletingLeavesPeopleTold } from './withdrawal';

// docs/product/rules.md (Withdraw): deleting tells nobody, so the delete confirmation points to Withdraw while the
// item has gone out, stands, and its time is ahead.
describe('deletingLeavesPeopleTold', () => {
  const now = Date.parse('2030-03-10T02:00:00.000Z');
  const ahead = '2030-03-10T09:30:00.000Z';
  const past = '2030-03-09T23:30:00.000Z';

  it('is true for an item that went out, stands, and whose time is ahead', () => {
    expect(deletingLeavesPeopleTold({ sent: true, withdrawnAt: null, at: ahead }, now)).toBe(true);
    expect(deletingLeavesPeopleTold({ sent: true, at: ahead }, now)).toBe(true);
  });

  it('is false once it is withdrawn, when it never went out, or once its time has passed', () => {
    expect(deletingLeavesPeopleTold({ sent: true, withdrawnAt: '2030-03-10T01:00:00.000Z', at: ahead }, now)).toBe(
      false,
    );
    expect(deletingLeavesPeopleTold({ sent: false, withdrawnAt: null, at: ahead }, now)).toBe(false);
    expect(deletingLeavesPeopleTold({ sent: true, withdrawnAt: null, at: past }, now)).toBe(false);
  });

  it('is false for a notice with no time (a silent one has none)', () => {
    expect(deletingLeavesPeopleTold({ sent: true, withdrawnAt: null, at: '' }, now)).toBe(false);
  });
});
