import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { SUMMARY_API, type Summary } from '@ummahnotify/domain';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, restoreApi } from '../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../shared/client/test/render';
import { JANAZA, NETWORK_ERROR } from '../../shared/domain/test/expected-texts';
import SummarySection from './SummarySection';

// What the screen says (docs/product/screens.md#summary), written here, never read from the catalogue it is drawn from.
const en = {
  loadingSummary: 'Loading summary data...',
  loadFailed: 'Could not load the summary.',
  refreshFailed: 'Could not refresh the summary. The numbers below may be out of date.',
};
const ta = {
  title: 'சுருக்கம்',
  'card.janazah': JANAZA.summaryCard.ta,
  'card.members': 'உறுப்பினர்கள்/பள்ளிவாசல்கள்/சேவை வழங்குநர்கள்',
  'line.editors': 'தொகுப்பாளர்கள்',
  // 06:05:09 UTC in Singapore, as Intl writes it in Tamil
  lastUpdated: 'கடைசியாகப் புதுப்பிக்கப்பட்டது: 22 நவ., 2026, 2:05:09 PM',
};
const GET = `GET ${SUMMARY_API.summary}`;

const summary: Summary = {
  janazah: { total: 1234 },
  events: { total: 56 },
  subscribers: { web: { total: 3000, janaza: 2500, events: 1800 }, email: 420, whatsapp: 310, telegram: 77 },
  totalMembers: { total: 900, masjid: 40, partners: 60, members: 800 },
  totalAdministrators: { total: 9, admins: 4, editors: 3, superadmins: 2 },
  updatedAt: '2026-11-22T06:05:09.000Z',
};

async function renderSummary() {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/summary/*" element={<SummarySection />} />
      <Route path="*" element={null} />
    </Routes>,
    { history: ['/dashboard/summary'] },
  );
}
const card = (key: string) => screen.getByTestId(`summary-card-${key}`);
const line = (cardKey: string, key: string) => screen.getByTestId(`summary-line-${cardKey}-${key}`);

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

describe('SummarySection', () => {
  it("shows 'Loading summary data...' until the summary arrives", async () => {
    let answer: (v: { status: number; data: unknown }) => void = () => {};
    fakeApi({ [GET]: () => new Promise((resolve) => (answer = resolve)) });
    await renderSummary();
    expect(screen.getByText(en.loadingSummary)).toBeInTheDocument();
    expect(screen.queryByTestId('summary-card-janazah')).not.toBeInTheDocument();
    await act(async () => answer({ status: 200, data: { code: 200, data: [summary] } }));
    expect(await screen.findByTestId('summary-card-janazah')).toBeInTheDocument();
    expect(screen.queryByText(en.loadingSummary)).not.toBeInTheDocument();
  });

  it('shows the eight cards of docs/product/screens.md with their numbers, in order', async () => {
    fakeApi({ [GET]: { status: 200, data: { code: 200, data: [summary] } } });
    await renderSummary();
    await screen.findByTestId('summary-card-janazah');
    const titles = screen
      .getAllByTestId(/^summary-card-/)
      .map((c) => c.querySelector('.ant-card-head-title')?.textContent?.trim());
    expect(titles).toEqual([
      JANAZA.summaryCard.en,
      'Events',
      'Web Subscriptions',
      'Email subscriptions',
      'WhatsApp subscriptions',
      'Telegram subscriptions',
      'Members/Masjids/Providers',
      'Administrators',
    ]);
    expect(card('janazah')).toHaveTextContent('1,234');
    expect(card('events')).toHaveTextContent('56');
    expect(card('web')).toHaveTextContent('3,000');
    expect(line('web', 'janaza')).toHaveTextContent('Janaza2,500');
    expect(line('web', 'events')).toHaveTextContent('Events1,800');
    expect(card('email')).toHaveTextContent('420');
    expect(card('whatsapp')).toHaveTextContent('310');
    expect(card('telegram')).toHaveTextContent('77');
    expect(card('members')).toHaveTextContent('900');
    expect(line('members', 'masjids')).toHaveTextContent('Masjids40');
    expect(line('members', 'providers')).toHaveTextContent('Providers60');
    expect(line('members', 'common')).toHaveTextContent('Common800');
    expect(card('administrators')).toHaveTextContent('9');
    expect(line('administrators', 'admins')).toHaveTextContent('Admins4');
    expect(line('administrators', 'editors')).toHaveTextContent('Editors3');
    expect(line('administrators', 'superadmins')).toHaveTextContent('Superadmins2');
  });

  it('shows on every card when the numbers were counted, in Singapore time', async () => {
    fakeApi({ [GET]: { status: 200, data: { code: 200, data: [summary] } } });
    await renderSummary();
    await screen.findByTestId('summary-card-janazah');
    const cards = screen.getAllByTestId(/^summary-card-/);
    expect(cards).toHaveLength(8);
    // 06:05:09 UTC is 2:05:09 pm in Singapore.
    for (const c of cards) expect(c).toHaveTextContent(/Last updated: 22 Nov 2026, 2:05:09\s?pm/i);
  });

  it('links four cards to their sections and leaves the subscription cards unlinked', async () => {
    fakeApi({ [GET]: { status: 200, data: { code: 200, data: [summary] } } });
    await renderSummary();
    await screen.findByTestId('summary-card-janazah');
    const href = (key: string) => within(card(key)).queryByRole('link')?.getAttribute('href');
    expect(href('janazah')).toBe('/dashboard/janaza-notifications');
    expect(href('events')).toBe('/dashboard/events');
    expect(href('members')).toBe('/dashboard/members');
    expect(href('administrators')).toBe('/dashboard/committee-members');
    for (const key of ['web', 'email', 'whatsapp', 'telegram']) expect(href(key)).toBeUndefined();
    fireEvent.click(within(card('administrators')).getByRole('link'));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/committee-members');
  });

  it('shows a clear error with the reason when the summary cannot be loaded, and retries', async () => {
    let fail = true;
    const api = fakeApi({
      [GET]: () =>
        fail
          ? { status: 403, data: { code: 403, message: 'Your account does not have the rights to do this.' } }
          : { status: 200, data: { code: 200, data: [summary] } },
    });
    await renderSummary();
    expect(await screen.findByText(en.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Your account does not have the rights to do this.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByTestId('summary-card-janazah')).toHaveTextContent('1,234');
    expect(api.calls.filter((c) => c === GET).length).toBeGreaterThanOrEqual(2);
  });

  it('says the server could not be reached when there is no answer', async () => {
    fakeApi({ [GET]: { status: 0 } });
    await renderSummary();
    expect(await screen.findByText(en.loadFailed)).toBeInTheDocument();
    expect(screen.getByText(NETWORK_ERROR.en)).toBeInTheDocument();
  });

  it('refuses an answer that is not docs/product/data.md#summary', async () => {
    fakeApi({ [GET]: { status: 200, data: { code: 200, data: [{ janazah: { total: 1 } }] } } });
    await renderSummary();
    expect(await screen.findByText(en.loadFailed)).toBeInTheDocument();
  });

  it('keeps the last numbers and warns when a refresh fails', async () => {
    let fail = false;
    fakeApi({
      [GET]: () =>
        fail
          ? { status: 500, data: { code: 500, message: 'Something went wrong on our side. Please try again.' } }
          : { status: 200, data: { code: 200, data: [summary] } },
    });
    await renderSummary();
    await screen.findByTestId('summary-card-janazah');
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(await screen.findByText(en.refreshFailed)).toBeInTheDocument();
    expect(card('janazah')).toHaveTextContent('1,234');
  });

  it('reads in Tamil', async () => {
    await act(() => setLanguage('ta'));
    fakeApi({ [GET]: { status: 200, data: { code: 200, data: [summary] } } });
    await renderSummary();
    await screen.findByTestId('summary-card-janazah');
    expect(screen.getByRole('heading', { name: ta.title })).toBeInTheDocument();
    expect(card('janazah')).toHaveTextContent(ta['card.janazah']);
    expect(card('members')).toHaveTextContent(ta['card.members']);
    expect(line('administrators', 'editors')).toHaveTextContent(`${ta['line.editors']}3`);
    expect(card('email')).toHaveTextContent(ta.lastUpdated);
    expect(card('email')).not.toHaveTextContent('Last updated');
  });
});
