import { act, screen, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/client';
import { SECTION_BUILDS_API, SUMMARY_API } from '@ummahnotify/domain';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { summary } from '../../summaryAnswer.test-data';
import { renderSummary } from '../../summaryPage.test-data';

const BUILDS = [
  {
    section: 'janaza',
    source: 'server',
    manifest: '/remotes/janaza/mf-manifest.json',
    build: null,
    label: 'janaza-2026-11-28',
    since: '2026-11-28T00:30:00.000Z',
    by: null,
  },
  {
    section: 'events',
    source: 'bucket',
    manifest: 'https://cdn.example.sg/events/files/mf-manifest.5e6f7a8b.json',
    build: '20261129T021500Z-5e6f7a8b',
    label: 'events-v2',
    since: '2026-11-29T02:15:00.000Z',
    by: 'aisha',
  },
  {
    section: 'members',
    source: 'bucket',
    manifest: 'https://cdn.example.sg/members/current.json',
    build: null,
    label: null,
    since: null,
    by: null,
  },
  {
    section: 'summary',
    source: 'fixed',
    manifest: 'https://cdn.example.sg/summary/mf-manifest.json',
    build: null,
    label: 'summary-7',
    since: null,
    by: null,
  },
];

function renderSummaryWithBuilds() {
  fakeApi({
    [`GET ${SUMMARY_API.summary}`]: { status: 200, data: { code: 200, data: [summary] } },
    [`GET ${SECTION_BUILDS_API.builds}`]: { status: 200, data: { code: 200, data: BUILDS } },
  });
  return renderSummary();
}

afterEach(async () => {
  restoreApi();
  await act(() => setLanguage('en'));
});

describe("the summary's section builds (docs/product/screens.md#summary)", () => {
  it('names each live build, where it comes from, since when (Singapore time) and by whom', async () => {
    renderSummaryWithBuilds();
    const events = await screen.findByTestId('section-build-events');
    expect(events).toHaveTextContent('Events');
    expect(events).toHaveTextContent('events-v2');
    expect(events).toHaveTextContent('Deployed to its bucket: live since 29 Nov 2026, 10:15:00 am, by aisha');
    expect(events).toHaveTextContent('Build 20261129T021500Z-5e6f7a8b');
    const janaza = screen.getByTestId('section-build-janaza');
    expect(janaza).toHaveTextContent('Served by the API server: built 28 Nov 2026, 8:30:00 am');
    const members = screen.getByTestId('section-build-members');
    expect(within(members).getByText('Its bucket cannot be read: the section does not load.')).toHaveClass(
      'ant-typography-danger',
    );
    expect(screen.getByTestId('section-build-summary')).toHaveTextContent('At a fixed address');
  });

  it('in Tamil', async () => {
    await act(() => setLanguage('ta'));
    renderSummaryWithBuilds();
    expect(await screen.findByText('பகுதிகளின் பதிப்புகள்')).toBeInTheDocument();
    expect(await screen.findByTestId('section-build-events')).toHaveTextContent('அதன் சேமிப்பகத்தில் வெளியிடப்பட்டது');
    expect(screen.getByTestId('section-build-members')).toHaveTextContent('அதன் சேமிப்பகத்தைப் படிக்க முடியவில்லை');
  });
});
