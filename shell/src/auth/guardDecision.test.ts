import type { SessionUser } from '@ummahnotify/client';
import { decideGuard } from './guardDecision';

const user = (rights: string | undefined, activated = true): SessionUser => ({
  _id: 'u1',
  fName: 'Aisha',
  email: 'aisha@example.sg',
  rights,
  activated,
});

describe('decideGuard (docs/product/screens.md#guard)', () => {
  it('sends a failed check to /thanks without logging out or storing', () => {
    expect(decideGuard({ ok: false })).toEqual({ redirect: '/thanks', logout: false, store: null });
  });

  it('sends an empty answer to /thanks', () => {
    expect(decideGuard({ ok: true, user: null })).toEqual({ redirect: '/thanks', logout: false, store: null });
  });

  it.each([[''], ['none'], [undefined]])('logs out a user with no rights (%p) and sends them to /thanks', (rights) => {
    expect(decideGuard({ ok: true, user: user(rights) })).toEqual({ redirect: '/thanks', logout: true, store: null });
  });

  it.each(['superadmin', 'admin', 'editor'])('lets %s in and stores the user', (rights) => {
    const u = user(rights);
    expect(decideGuard({ ok: true, user: u })).toEqual({ redirect: null, logout: false, store: u });
  });

  it('lets staff in whatever their activated flag says', () => {
    const u = user('admin', false);
    expect(decideGuard({ ok: true, user: u }).redirect).toBeNull();
  });

  it('sends an unknown role to / after storing the user', () => {
    const u = user('moderator');
    expect(decideGuard({ ok: true, user: u })).toEqual({ redirect: '/', logout: false, store: u });
  });

  it.each(['user', 'member'])('sends an activated %s to /thanks after storing them', (rights) => {
    const u = user(rights, true);
    expect(decideGuard({ ok: true, user: u })).toEqual({ redirect: '/thanks', logout: false, store: u });
  });

  it.each(['user', 'member'])(
    'lets a %s who is not activated past the guard (the spec names only activated)',
    (rights) => {
      const u = user(rights, false);
      expect(decideGuard({ ok: true, user: u })).toEqual({ redirect: null, logout: false, store: u });
    },
  );
});
