import { screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@ummahnotify/shared/client';
import type { AppConfig } from '@ummahnotify/shared/domain';
import { fakeApi, restoreApi } from '../../../shared/test/fakeApi';
import { renderWithProviders } from '../../../shared/test/render';
import { AppConfigProvider } from '../config/AppConfigContext';
import { DEFAULT_APP_CONFIG } from '../config/appConfig';
import { LoginPage } from './LoginPage';

const config: AppConfig = { ...DEFAULT_APP_CONFIG, apiUrl: 'https://api.example.sg' };

async function renderLogin(path = '/login') {
  return renderWithProviders(
    <AppConfigProvider value={config}>
      <LoginPage />
    </AppConfigProvider>,
    { history: [path] },
  );
}

afterEach(() => {
  restoreApi();
  useAuthStore.getState().reset();
  jest.restoreAllMocks();
});

describe('LoginPage', () => {
  it('shows the prompt and a sign-in button that navigates to the API sign-in endpoint', async () => {
    fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    await renderLogin();
    expect(screen.getByText('Sign in with your Google account to continue accessing')).toBeInTheDocument();
    const button = screen.getByRole('link', { name: /Sign in with Google/ });
    expect(button).toHaveAttribute('href', 'https://api.example.sg/api/auth/google');
  });

  it.each(['', 'editor', 'user', 'none'])('calls logout on load when the role is %p', async (rights) => {
    useAuthStore.setState({ rights });
    const { calls } = fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    await renderLogin();
    await waitFor(() => expect(calls).toEqual(['GET /api/auth/google/logout']));
  });

  it.each(['admin', 'superadmin'])('does not log out a signed-in %s', async (rights) => {
    useAuthStore.setState({ rights });
    const { calls } = fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    await renderLogin();
    await screen.findByText('Sign in with Google');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('logs the spec message when logout fails', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /api/auth/google/logout': { status: 500 } });
    await renderLogin();
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Something went wrong in login page.'));
    expect(await screen.findByText(/Could not reach the server/)).toBeInTheDocument();
  });

  it('says why a sign-in was refused when the server sends the browser back with ?error=', async () => {
    fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    await renderLogin('/login?error=account-bound');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This email address belongs to an account that signs in with a different Google account.',
    );
  });

  it('shows no alert for an unknown error code', async () => {
    fakeApi({ 'GET /api/auth/google/logout': { status: 200 } });
    await renderLogin('/login?error=<script>');
    await screen.findByText('Sign in with Google');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
