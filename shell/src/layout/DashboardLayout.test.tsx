import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type SessionUser, useAuthStore } from '@ummahnotify/client';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, restoreApi } from '../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../shared/client/test/render';
import { DashboardLayout } from './DashboardLayout';

const superadmin: SessionUser = {
  _id: 'u1',
  fName: 'Aisha',
  email: 'aisha@example.sg',
  rights: 'superadmin',
  activated: true,
};

async function renderLayout(user: SessionUser | null) {
  if (user) useAuthStore.getState().setUser(user);
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/*" element={<DashboardLayout />} />
      <Route path="*" element={null} />
    </Routes>,
    { history: ['/dashboard'] },
  );
}

function setViewportMobile(mobile: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: mobile && query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

const realMatchMedia = window.matchMedia;

afterEach(() => {
  restoreApi();
  useAuthStore.getState().reset();
  window.matchMedia = realMatchMedia;
});

function sidebarLinks(): [string, string | null][] {
  const nav = screen.getByRole('navigation');
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent ?? '', a.getAttribute('href')]);
}

describe('DashboardLayout', () => {
  it('shows a superadmin all five sections in order', async () => {
    fakeApi({ 'GET /api/protected': { status: 200, data: superadmin } });
    await renderLayout(superadmin);
    expect(sidebarLinks()).toEqual([
      ['Summary', '/dashboard/summary'],
      ['Committee Members', '/dashboard/committee-members'],
      ['Members', '/dashboard/members'],
      ['Janaza Notifications', '/dashboard/janaza-notifications'],
      ['Events', '/dashboard/events'],
    ]);
  });

  it.each(['admin', 'editor'])('shows an %s only janaza notifications and events', async (rights) => {
    const user = { ...superadmin, rights };
    fakeApi({ 'GET /api/protected': { status: 200, data: user } });
    await renderLayout(user);
    expect(sidebarLinks()).toEqual([
      ['Janaza Notifications', '/dashboard/janaza-notifications'],
      ['Events', '/dashboard/events'],
    ]);
  });

  it('shows the user name, email and translated role', async () => {
    fakeApi({ 'GET /api/protected': { status: 200, data: superadmin } });
    await renderLayout(superadmin);
    expect(screen.getByTestId('user-name')).toHaveTextContent('Aisha');
    expect(screen.getByTestId('user-email')).toHaveTextContent('aisha@example.sg');
    expect(screen.getByTestId('user-role')).toHaveTextContent('Superadmin');
  });

  it("defaults the name and role to 'User' when the store is empty", async () => {
    fakeApi({ 'GET /api/protected': { status: 200, data: {} } });
    await renderLayout(null);
    expect(screen.getByTestId('user-name')).toHaveTextContent('User');
    expect(screen.getByTestId('user-role')).toHaveTextContent('User');
  });

  it("shows the footer: 'Online' and 'Dashboard v2.0'", async () => {
    fakeApi({ 'GET /api/protected': { status: 200, data: superadmin } });
    await renderLayout(superadmin);
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Dashboard v2.0')).toBeInTheDocument();
  });

  it('shows the release the build defined: version and the commit, short, with the whole commit on hover', async () => {
    Object.assign(globalThis, { __UN_RELEASE__: { version: '1.0.0', commit: '3022ece5c912' } });
    try {
      fakeApi({ 'GET /api/protected': { status: 200, data: superadmin } });
      await renderLayout(superadmin);
      expect(screen.getByTestId('release')).toHaveTextContent(/^Release 1\.0\.0 · 3022ece$/);
      expect(screen.getByTitle('3022ece5c912')).toBeInTheDocument();
    } finally {
      Object.assign(globalThis, { __UN_RELEASE__: undefined });
    }
  });

  it('shows no release line where the build defined none', async () => {
    fakeApi({ 'GET /api/protected': { status: 200, data: superadmin } });
    await renderLayout(superadmin);
    expect(screen.getByText('Dashboard v2.0')).toBeInTheDocument();
    expect(screen.queryByTestId('release')).toBeNull();
  });

  it('logs out and goes to /thanks on EXIT', async () => {
    const { calls } = fakeApi({
      'GET /api/protected': { status: 200, data: superadmin },
      'GET /api/auth/google/logout': { status: 200 },
    });
    await renderLayout(superadmin);
    fireEvent.click(screen.getByRole('button', { name: /EXIT/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/thanks'));
    expect(calls).toContain('GET /api/auth/google/logout');
    expect(useAuthStore.getState().rights).toBe('');
  });

  it('logs out and goes to / when its own session check fails', async () => {
    const { calls } = fakeApi({
      'GET /api/protected': { status: 401 },
      'GET /api/auth/google/logout': { status: 200 },
    });
    await renderLayout(superadmin);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls).toEqual(['GET /api/protected', 'GET /api/auth/google/logout']);
  });

  describe('under 768 px', () => {
    beforeEach(() => setViewportMobile(true));

    it("hides the menu behind 'Open Menu' and shows it with 'Close Menu'", async () => {
      fakeApi({ 'GET /api/protected': { status: 200, data: superadmin } });
      await renderLayout(superadmin);
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /Open Menu/ }));
      expect(screen.getByRole('navigation')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /Close Menu/ }));
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    });

    it('closes the menu when a section is chosen', async () => {
      fakeApi({ 'GET /api/protected': { status: 200, data: superadmin } });
      await renderLayout(superadmin);
      fireEvent.click(screen.getByRole('button', { name: /Open Menu/ }));
      fireEvent.click(screen.getByRole('link', { name: 'Events' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/events');
      expect(screen.getByRole('button', { name: /Open Menu/ })).toBeInTheDocument();
    });
  });

  it('shows no menu toggle on a desktop', async () => {
    setViewportMobile(false);
    fakeApi({ 'GET /api/protected': { status: 200, data: superadmin } });
    await renderLayout(superadmin);
    expect(screen.queryByRole('button', { name: /Open Menu/ })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });
});
