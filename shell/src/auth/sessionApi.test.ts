import { useAuthStore } from '@ummahnotify/client';
import { fakeApi, restoreApi } from '../../../shared/client/test/fakeApi';
import { fetchSessionUser, logout, readSessionUser } from './sessionApi';

afterEach(() => {
  restoreApi();
  useAuthStore.getState().reset();
});

describe('readSessionUser', () => {
  it('reads the legacy rights spelling non as none', () => {
    expect(readSessionUser({ fName: 'A', rights: 'non' })?.rights).toBe('none');
  });

  it.each([[null], [''], [[]], ['text']])('treats %p as an empty answer', (data) => {
    expect(readSessionUser(data)).toBeNull();
  });
});

describe('session calls', () => {
  it('fetches the user from GET /api/protected', async () => {
    const { calls } = fakeApi({ 'GET /api/protected': { status: 200, data: { fName: 'Farid', rights: 'admin' } } });
    await expect(fetchSessionUser()).resolves.toEqual({ fName: 'Farid', rights: 'admin' });
    expect(calls).toEqual(['GET /api/protected']);
  });

  it('rejects when the check fails', async () => {
    fakeApi({ 'GET /api/protected': { status: 401 } });
    await expect(fetchSessionUser()).rejects.toThrow();
  });

  it('logs out on the server and clears the store even when the call fails', async () => {
    useAuthStore.getState().setUser({ fName: 'Farid', rights: 'admin', activated: true });
    const { calls } = fakeApi({ 'GET /api/auth/google/logout': { status: 0 } });
    await expect(logout()).rejects.toThrow();
    expect(calls).toEqual(['GET /api/auth/google/logout']);
    expect(useAuthStore.getState()).toMatchObject({ user: {}, rights: '', activated: true });
  });
});
