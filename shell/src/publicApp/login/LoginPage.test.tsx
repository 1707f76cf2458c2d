import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LANGUAGE_STORAGE_KEY } from '@ummahnotify/client/public-app';
import type { AppConfig } from '@ummahnotify/domain';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { DEFAULT_APP_CONFIG } from '../../config/appConfig';
import { i18n } from '../i18n';
import { PublicApp } from '../PublicApp';
import { LoginPage } from './LoginPage';
import { openDashboard } from './session';

// The dashboard is a full page load, which jsdom does not do: the test sees that it was asked for.
jest.mock('./session', () => ({ ...jest.requireActual('./session'), openDashboard: jest.fn() }));

const config: AppConfig = { ...DEFAULT_APP_CONFIG, apiUrl: 'https://api.example.sg' };

function openLogin(url = '/login', pageConfig = config) {
  window.history.pushState({}, '', url);
  return render(<PublicApp config={pageConfig} Page={LoginPage} />);
}

afterEach(async () => {
  restoreApi();
  jest.restoreAllMocks();
  jest.mocked(openDashboard).mockClear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the sign-in page of the light public app (docs/product/screens.md#login)', () => {
  it('shows the prompt and a sign-in button that navigates to the API sign-in endpoint', () => {
    fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    openLogin();
    expect(screen.getByRole('heading', { level: 3, name: 'Staff sign in' })).toBeInTheDocument();
    expect(screen.getByText('Sign in with your Google account to continue accessing')).toBeInTheDocument();
    const button = screen.getByRole('link', { name: /Sign in with Google/ });
    expect(button).toHaveAttribute('href', 'https://api.example.sg/api/auth/google');
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });

  it('reads the session first and ends it on load when there is none to keep', async () => {
    const { calls } = fakeApi({
      'GET /api/protected': { status: 401, data: { code: 401, message: 'Sign in first' } },
      'GET /api/auth/google/logout': { status: 200 },
    });
    openLogin();
    await waitFor(() => expect(calls).toEqual(['GET /api/protected', 'GET /api/auth/google/logout']));
    expect(openDashboard).not.toHaveBeenCalled();
  });

  // docs/product/screens.md#login: "if the current role is not admin or superadmin, it calls logout" (a bookmarked /login).
  for (const rights of ['admin', 'superadmin']) {
    it(`keeps ${rights} signed in and opens the dashboard`, async () => {
      const { calls } = fakeApi({
        'GET /api/protected': { status: 200, data: { fName: 'Aisha', email: 'a@x.sg', rights, activated: true } },
        'GET /api/auth/google/logout': { status: 200 },
      });
      openLogin();
      await waitFor(() => expect(openDashboard).toHaveBeenCalled());
      expect(calls).not.toContain('GET /api/auth/google/logout');
    });
  }
  for (const rights of ['editor', 'none', 'user', 'member']) {
    it(`signs ${rights} out on load`, async () => {
      const { calls } = fakeApi({
        'GET /api/protected': { status: 200, data: { fName: 'Bilal', email: 'b@x.sg', rights, activated: true } },
        'GET /api/auth/google/logout': { status: 200 },
      });
      openLogin();
      await waitFor(() => expect(calls).toEqual(['GET /api/protected', 'GET /api/auth/google/logout']));
      expect(openDashboard).not.toHaveBeenCalled();
    });
  }

  it('logs the spec message and says the server could not be reached when logout fails', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /api/auth/google/logout': { status: 0 } });
    openLogin();
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Something went wrong in login page.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not reach the server/);
  });

  it('says why a sign-in was refused when the server sends the browser back with ?error=', () => {
    fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    openLogin('/login?error=account-bound');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This email address belongs to an account that signs in with a different Google account.',
    );
  });

  it('shows no alert for an unknown error code', () => {
    fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    openLogin('/login?error=<script>');
    expect(screen.getByText('Sign in with Google')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // A malformed percent-encoding in the link must not blank the page.
  for (const url of ['/login?error=%E0%A4%A', '/login?error=%', '/login?%E0%A4%A=1#%E0%A4%A']) {
    it(`shows the sign-in page without an alert for ${url}`, () => {
      fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
      openLogin(url);
      expect(screen.getByRole('link', { name: /Sign in with Google/ })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }

  it('says so in demo mode', () => {
    fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    openLogin('/login', { ...config, demo: true });
    expect(screen.getByTestId('demo-banner')).toHaveTextContent(/demo/i);
  });

  it('switches to Tamil from the language switch, by click or arrow key, and remembers it', async () => {
    fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    openLogin();
    fireEvent.click(screen.getByRole('radio', { name: 'தமிழ்' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'பணியாளர் உள்நுழைவு' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ta');
    expect(document.documentElement.lang).toBe('ta');
    fireEvent.keyDown(screen.getByRole('radiogroup', { name: 'மொழி' }), { key: 'ArrowLeft' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Staff sign in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
