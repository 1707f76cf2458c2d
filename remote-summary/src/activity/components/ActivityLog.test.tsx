import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { PERSONAL_DATA_REMOVED } from '@ummahnotify/core';
import { ACTIVITY_API, type ActivityEntry, DELIVERY_API, SUMMARY_API } from '@ummahnotify/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderWithProviders } from '../../../../shared/client/test/render';
import SummarySection from '../../SummarySection';
import { summary } from '../../summaryAnswer.test-data';

const AISYAH = { id: 'u-1', name: 'Aisyah Rahman', email: 'aisyah@masjid.example.sg' };
const KAMAL = { id: 'u-2', name: 'Kamal Hassan', email: 'kamal@masjid.example.sg' };

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: over.id ?? 'a-1',
  at: '2026-11-24T06:30:00.000Z',
  action: 'janaza.approved',
  kind: 'approvals',
  entity: 'janaza_notice',
  entityId: 'n-1',
  actor: AISYAH,
  subject: 'Haji Ismail bin Osman',
  count: null,
  ...over,
});
const FIRST_PAGE = [
  entry({ id: 'a-1' }),
  entry({
    id: 'a-2',
    at: '2026-11-24T02:00:00.000Z',
    action: 'retention.run',
    kind: 'retention-runs',
    entity: 'retention',
    entityId: null,
    actor: null,
    subject: null,
    count: 3,
  }),
  entry({ id: 'a-3', action: 'janaza.updated', kind: 'edits', subject: PERSONAL_DATA_REMOVED }),
];
const SECOND_PAGE = [entry({ id: 'a-4', action: 'user.signed-in', kind: 'sign-ins', actor: KAMAL, subject: null })];

type Params = Record<string, string>;
/** A fake activity route: answers by cursor, and keeps the parameters each call asked with. */
function activityRoute(asked: Params[], answer?: (params: Params) => { status: number; data?: unknown }) {
  return (config: InternalAxiosRequestConfig) => {
    const params = { ...(config.params as Params) };
    asked.push(params);
    if (answer) return answer(params);
    const second = params.cursor === 'page-2';
    return {
      status: 200,
      data: {
        code: 200,
        data: second ? SECOND_PAGE : FIRST_PAGE,
        nextCursor: second ? null : 'page-2',
        people: [AISYAH, KAMAL],
      },
    };
  };
}

function routes(asked: Params[], answer?: (params: Params) => { status: number; data?: unknown }) {
  return {
    [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
    [`GET ${DELIVERY_API.channels}`]: { status: 200, data: { channels: [], recent: {} } },
    [`GET ${ACTIVITY_API.list}`]: activityRoute(asked, answer),
  };
}

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/summary/*" element={<SummarySection />} />
    </Routes>,
    { history: [path] },
  );

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

describe('Summary: the Activity tab', () => {
  it('is a tab of the summary: Overview keeps the cards, Activity opens the log', async () => {
    const asked: Params[] = [];
    fakeApi(routes(asked));
    await renderAt('/dashboard/summary');
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('delivery-channels-card')).toBeInTheDocument();
    expect(asked).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(await screen.findByTestId('activity-log')).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveLength(1));
  });

  it('lists who did what and when, with the retention run and a removed name in words', async () => {
    const asked: Params[] = [];
    fakeApi(routes(asked));
    await renderAt('/dashboard/summary/activity');
    const rows = await screen.findAllByTestId('activity-entry');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Aisyah Rahman');
    expect(rows[0]).toHaveTextContent('Approvals');
    expect(rows[0]).toHaveTextContent('Approved a janaza notice (Notify Now!)');
    expect(rows[0]).toHaveTextContent('Haji Ismail bin Osman');
    // 06:30 UTC is 2:30 pm in Singapore
    expect(rows[0]).toHaveTextContent(/24 Nov 2026, 2:30:00\s?pm/);
    expect(rows[1]).toHaveTextContent('The system (automatic)');
    expect(rows[1]).toHaveTextContent('Personal data of 3 notice(s) removed');
    expect(rows[2]).toHaveTextContent('(removed after the retention period)');
    expect(rows[2]).not.toHaveTextContent(PERSONAL_DATA_REMOVED);
    expect(asked[0]).toEqual({ limit: '25' });
  });

  it('"Load more" asks for the next page and adds it; no button after the last page', async () => {
    const asked: Params[] = [];
    fakeApi(routes(asked));
    await renderAt('/dashboard/summary/activity');
    await screen.findAllByTestId('activity-entry');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(4));
    expect(asked[1]).toEqual({ limit: '25', cursor: 'page-2' });
    expect(screen.getAllByTestId('activity-entry')[3]).toHaveTextContent('Kamal Hassan');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by person and kind: asks the server with them, and says when nothing matches', async () => {
    const asked: Params[] = [];
    fakeApi(
      routes(asked, (params) => ({
        status: 200,
        data: {
          code: 200,
          data: params.kind ? [] : FIRST_PAGE,
          nextCursor: null,
          people: [AISYAH, KAMAL],
        },
      })),
    );
    await renderAt('/dashboard/summary/activity');
    await screen.findAllByTestId('activity-entry');
    const filters = screen.getByTestId('activity-filters');
    fireEvent.mouseDown(within(filters).getByRole('combobox', { name: 'Person' }));
    fireEvent.click(await screen.findByTitle('Kamal Hassan (kamal@masjid.example.sg)'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ limit: '25', actor: 'u-2' }));
    fireEvent.mouseDown(within(filters).getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByTitle('Role changes'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ limit: '25', actor: 'u-2', kind: 'role-changes' }));
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ limit: '25' }));
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(3);
  });

  it('says when the log cannot be loaded (the server’s words), and tries again', async () => {
    const asked: Params[] = [];
    let fail = true;
    fakeApi(
      routes(asked, () =>
        fail
          ? { status: 403, data: { code: 403, message: 'You do not have access to this.' } }
          : { status: 200, data: { code: 200, data: [], nextCursor: null, people: [] } },
      ),
    );
    await renderAt('/dashboard/summary/activity');
    expect(await screen.findByText('Could not load the activity log.')).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Nothing was done in this period.')).toBeInTheDocument();
  });

  it('uses one card per entry on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      fakeApi(routes([]));
      await renderAt('/dashboard/summary/activity');
      const cards = await screen.findAllByTestId('activity-entry');
      expect(cards).toHaveLength(3);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(cards[0].tagName).toBe('LI');
    } finally {
      window.matchMedia = original;
    }
  });

  it('speaks Tamil when Tamil is chosen', async () => {
    fakeApi(routes([]));
    await act(() => setLanguage('ta'));
    await renderAt('/dashboard/summary/activity');
    expect(await screen.findByRole('tab', { name: 'செயல்பாடுகள்' })).toHaveAttribute('aria-selected', 'true');
    const rows = await screen.findAllByTestId('activity-entry');
    expect(rows[0]).toHaveTextContent('ஜனாஸா அறிவிப்பை ஒப்புக்கொண்டார் (இப்போதே அறிவி!)');
    expect(rows[0]).toHaveTextContent('ஒப்புதல்கள்');
    expect(rows[1]).toHaveTextContent('அமைப்பு (தானியங்கி)');
    expect(rows[2]).toHaveTextContent('(காப்புக் காலம் முடிந்ததால் நீக்கப்பட்டது)');
    expect(screen.getByRole('button', { name: 'மேலும் ஏற்று' })).toBeInTheDocument();
  });
});
