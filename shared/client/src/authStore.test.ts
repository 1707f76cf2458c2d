import { useAuthStore } from './authStore';

afterEach(() => useAuthStore.getState().reset());

describe('useAuthStore (docs/product/data.md#user)', () => {
  it('starts with an empty user, empty rights and activated true', () => {
    expect(useAuthStore.getState()).toMatchObject({ user: {}, rights: '', activated: true });
  });

  it('stores a user with their rights and activated flag', () => {
    useAuthStore.getState().setUser({ fName: 'Farid', email: 'f@example.sg', rights: 'admin', activated: false });
    expect(useAuthStore.getState()).toMatchObject({
      user: { fName: 'Farid', email: 'f@example.sg' },
      rights: 'admin',
      activated: false,
    });
  });

  it('keeps the defaults for fields the server left out', () => {
    useAuthStore.getState().setUser({ fName: 'Farid' });
    expect(useAuthStore.getState()).toMatchObject({ rights: '', activated: true });
  });

  it('forgets the user on reset', () => {
    useAuthStore.getState().setUser({ fName: 'Farid', rights: 'admin', activated: false });
    useAuthStore.getState().reset();
    expect(useAuthStore.getState()).toMatchObject({ user: {}, rights: '', activated: true });
  });
});
