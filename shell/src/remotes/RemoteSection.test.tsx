import { fireEvent, screen } from '@testing-library/react';
import { DEFAULT_APP_CONFIG } from '@ummahnotify/client/public-app';
import { type SectionDef, sectionByKey } from '@ummahnotify/domain';
import { renderWithProviders } from '../../../shared/client/test/render';
import { AppConfigProvider } from '../config/AppConfigContext';
import { loadBuildLabel, loadSectionModule, reregisterRemote } from './federation';
import { RemoteSection } from './RemoteSection';

jest.mock('./federation', () => ({
  loadSectionModule: jest.fn(),
  reregisterRemote: jest.fn(),
  registerSectionRemotes: jest.fn(),
  loadBuildLabel: jest.fn(async () => null),
}));

const load = jest.mocked(loadSectionModule);
const reregister = jest.mocked(reregisterRemote);
function eventsSection(): SectionDef {
  const section = sectionByKey('events');
  if (!section) throw new Error('the events section is missing from the domain');
  return section;
}

const remotes = { ...DEFAULT_APP_CONFIG.remotes, events: 'https://events.example.sg/mf-manifest.json' };

async function renderSection() {
  return renderWithProviders(
    <AppConfigProvider value={{ ...DEFAULT_APP_CONFIG, remotes }}>
      <RemoteSection section={eventsSection()} />
      <p>Rest of the dashboard</p>
    </AppConfigProvider>,
    { history: ['/dashboard/events'] },
  );
}

beforeEach(() => {
  load.mockReset();
  reregister.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('RemoteSection', () => {
  it('renders the component the remote exposes', async () => {
    load.mockResolvedValue({ default: () => <h1>Events from the remote</h1> });
    await renderSection();
    expect(await screen.findByText('Events from the remote')).toBeInTheDocument();
    expect(reregister).not.toHaveBeenCalled();
  });

  it('says which build of the remote is live, under the section', async () => {
    load.mockResolvedValue({ default: () => <h1>Events from the remote</h1> });
    jest.mocked(loadBuildLabel).mockResolvedValueOnce('remote-events 0.1.0 · 2026-11-22 04:00 UTC');
    await renderSection();
    expect(await screen.findByText('Section build: remote-events 0.1.0 · 2026-11-22 04:00 UTC')).toBeInTheDocument();
  });

  it('shows the unavailable message when the remote cannot load, and Retry loads it again', async () => {
    load
      .mockRejectedValueOnce(new Error('Failed to get manifest.\nargs: {...}'))
      .mockResolvedValueOnce({ default: () => <h1>Events from the remote</h1> });
    await renderSection();

    expect(await screen.findByText('This section is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByText('It may be being updated. The rest of the dashboard still works.')).toBeInTheDocument();
    expect(screen.getByTestId('section-error')).toHaveTextContent('Details: Failed to get manifest.');
    expect(screen.getByText('Rest of the dashboard')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      'Section "events" is unavailable:',
      expect.any(Error),
      expect.anything(),
    );

    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Events from the remote')).toBeInTheDocument();
    expect(reregister).toHaveBeenCalledWith('events', 'https://events.example.sg/mf-manifest.json');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports a shared version mismatch instead of a blank screen', async () => {
    load.mockRejectedValue(
      new Error(
        'Version 19.3.1 from shell of shared singleton module react does not satisfy the requirement of remote_events which needs ^20.0.0)',
      ),
    );
    await renderSection();
    expect(await screen.findByText('This section is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByTestId('section-error')).toHaveTextContent('does not satisfy the requirement');
  });

  it('catches a section that crashes while rendering', async () => {
    load.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    await renderSection();
    expect(await screen.findByText('This section is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByText('Rest of the dashboard')).toBeInTheDocument();
  });
});
