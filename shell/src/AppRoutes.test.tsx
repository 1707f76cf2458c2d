import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type SessionUser, useAuthStore } from '@ummahnotify/client';
import { fakeApi, restoreApi } from '../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../shared/client/test/render';
import { AppRoutes, fullPageLoad } from './AppRoutes';
import { loadSectionModule } from './remotes/federation';

jest.mock('./remotes/federation', () => ({
  loadSectionModule: jest.fn(),
  reregisterRemote: jest.fn(),
  registerSectionRemotes: jest.fn(),
  loadBuildLabel: jest.fn(async () => null),
}));

const user = (rights: string, activated = true): SessionUser => ({
  _id: 'u1',
  fName: 'Kavitha',
  email: 'kavitha@example.sg',
  rights,
  activated,
});

function signedInAs(data: SessionUser | null) {
  return fakeApi({
    'GET /api/protected': data ? { status: 200, data } : { status: 200, data: '' },
    'GET /api/auth/google/logout': { status: 200 },
  });
}

// jsdom cannot load pages: the light public app's pages are handed over through this seam.
let fullLoads: jest.SpyInstance;

beforeEach(() => {
  fullLoads = jest.spyOn(fullPageLoad, 'replace').mockImplementation(() => {});
  // The shell's document was loaded for a dashboard path (jsdom has no navigation timing).
  jest.spyOn(fullPageLoad, 'documentUrl').mockReturnValue('http://localhost/dashboard');
  jest.mocked(loadSectionModule).mockImplementation(async (section) => ({
    default: () => <h1>Remote section {section.key}</h1>,
  }));
});

afterEach(() => {
  jest.restoreAllMocks();
  restoreApi();
  useAuthStore.getState().reset();
});

const where = () => screen.getByTestId('location');

describe('routes (docs/product/screens.md)', () => {
  it.each(['/', '/thanks', '/admin'])(
    "hands %s, outside the dashboard, to the light public app's page with a full page load",
    async (path) => {
      await renderWithProviders(<AppRoutes />, { history: [path] });
      expect(fullLoads).toHaveBeenCalledTimes(1);
      expect(fullLoads).toHaveBeenCalledWith(window.location.href);
    },
  );

  it('does not load a page again that the server sent this very document for (no reload without end)', async () => {
    jest.spyOn(fullPageLoad, 'documentUrl').mockReturnValue(window.location.href);
    await renderWithProviders(<AppRoutes />, { history: ['/thanks'] });
    expect(fullLoads).not.toHaveBeenCalled();
  });

  it("shows 'Smile!' for an unknown dashboard path", async () => {
    signedInAs(user('admin'));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard/nothing-here'] });
    expect(await screen.findByText('Smile!')).toBeInTheDocument();
    expect(fullLoads).not.toHaveBeenCalled();
  });

  it('opens the first section the user may see at /dashboard', async () => {
    signedInAs(user('editor'));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard'] });
    expect(await screen.findByText('Remote section janaza-notifications')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/dashboard/janaza-notifications');
  });

  it('sends an admin who opens a superadmin section to /', async () => {
    signedInAs(user('admin'));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard/members'] });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/$/));
  });

  it('renders a superadmin section for a superadmin', async () => {
    signedInAs(user('superadmin'));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard/committee-members/edit'] });
    expect(await screen.findByText('Remote section committee-members')).toBeInTheDocument();
  });

  it('shows the next section after one that failed to load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.mocked(loadSectionModule).mockImplementation(async (section) => {
      if (section.key === 'summary') throw new Error('summary is down');
      return { default: () => <h1>Remote section {section.key}</h1> };
    });
    signedInAs(user('superadmin'));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard/summary'] });
    expect(await screen.findByText('This section is unavailable right now.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Events' }));
    expect(await screen.findByText('Remote section events')).toBeInTheDocument();
    expect(screen.queryByText('This section is unavailable right now.')).not.toBeInTheDocument();
  });
});

describe('the dashboard guard', () => {
  it('shows a spinner while it checks the session', async () => {
    fakeApi({ 'GET /api/protected': () => new Promise(() => {}) });
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard'] });
    expect(screen.getByText('Checking your session...')).toBeInTheDocument();
  });

  it('sends the visitor to /thanks, a page of the light public app, when the check fails', async () => {
    fakeApi({ 'GET /api/protected': { status: 401 } });
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard'] });
    await waitFor(() => expect(where()).toHaveTextContent('/thanks'));
    expect(fullLoads).toHaveBeenCalledTimes(1);
  });

  it('sends the visitor to /thanks when the check answers nothing', async () => {
    signedInAs(null);
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard'] });
    await waitFor(() => expect(where()).toHaveTextContent('/thanks'));
  });

  it('logs out a user without rights and sends them to /thanks', async () => {
    const { calls } = signedInAs(user('none'));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard'] });
    await waitFor(() => expect(where()).toHaveTextContent('/thanks'));
    expect(calls).toEqual(['GET /api/protected', 'GET /api/auth/google/logout']);
  });

  it('sends an unknown role to /', async () => {
    signedInAs(user('moderator'));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard'] });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/$/));
  });

  it('sends an activated member to /thanks', async () => {
    signedInAs(user('member', true));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard'] });
    await waitFor(() => expect(where()).toHaveTextContent('/thanks'));
  });

  it('stores the user and lets an editor in', async () => {
    signedInAs(user('editor'));
    await renderWithProviders(<AppRoutes />, { history: ['/dashboard/events'] });
    expect(await screen.findByText('Remote section events')).toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('Kavitha');
    expect(useAuthStore.getState()).toMatchObject({ rights: 'editor', activated: true });
  });
});
