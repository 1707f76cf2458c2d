import { configure, screen, within } from '@testing-library/react';
import { setLanguage } from '@ummahnotify/shared/client';
import { FEED_API, type FeedResponse, formatNoticeTime } from '@ummahnotify/shared/domain';
import { fakeApi, restoreApi } from '../../../shared/test/fakeApi';
import { renderWithProviders } from '../../../shared/test/render';
import { FeedSection } from './FeedSection';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5000 });

const FEED: FeedResponse = {
  janaza: [
    {
      _id: 'j1',
      name: 'Haji Ahmad bin Salleh',
      age: 82,
      gender: 'male',
      dueDate: '2026-11-23T06:30:00.000Z',
      address: 'Masjid Sultan',
      note: 'After Zohor prayer',
      imageUrl: '/api/public/images/img1',
      icsUrl: FEED_API.janazaIcs('j1'),
    },
  ],
  events: [
    {
      _id: 'e1',
      heading: 'Family day',
      headingTa: 'குடும்ப தினம்',
      subHeading: 'Games and lunch',
      subHeadingTa: '',
      address: 'East Coast Park',
      addressTa: 'ஈஸ்ட் கோஸ்ட் பூங்கா',
      dateTime: '2026-12-05T02:00:00.000Z',
      link: '',
      imageUrl: null,
      icsUrl: FEED_API.eventIcs('e1'),
    },
  ],
};

afterEach(async () => {
  restoreApi();
  await setLanguage('en');
});

describe('FeedSection', () => {
  it('shows each notice and event under its anchor, with its calendar file', async () => {
    fakeApi({ [`GET ${FEED_API.feed}`]: { status: 200, data: FEED } });
    const { container } = await renderWithProviders(<FeedSection />);
    expect(await screen.findByText('Haji Ahmad bin Salleh')).toBeInTheDocument();
    const janaza = container.querySelector('#janaza-j1') as HTMLElement;
    expect(within(janaza).getByText('Age 82')).toBeInTheDocument();
    // 06:30 UTC is 2:30 pm in Singapore, whatever zone the test machine is in.
    expect(within(janaza).getByText(/^Prayer: .*2:30\s?pm/i)).toBeInTheDocument();
    expect(within(janaza).getByRole('img', { name: 'Photo: Haji Ahmad bin Salleh' })).toHaveAttribute(
      'src',
      '/api/public/images/img1',
    );
    expect(within(janaza).getByRole('link', { name: /Add to calendar/ })).toHaveAttribute(
      'href',
      '/api/public/feed/janaza/j1.ics',
    );
    const event = container.querySelector('#event-e1') as HTMLElement;
    expect(within(event).getByRole('heading', { name: 'Family day' })).toBeInTheDocument();
    expect(within(event).getByRole('link', { name: /Add to calendar/ })).toHaveAttribute(
      'href',
      '/api/public/feed/events/e1.ics',
    );
  });

  it('shows events in Tamil when the page is, falling back to English for empty Tamil fields', async () => {
    await setLanguage('ta');
    fakeApi({ [`GET ${FEED_API.feed}`]: { status: 200, data: FEED } });
    const { container } = await renderWithProviders(<FeedSection />);
    const event = (await screen.findByRole('heading', { name: 'குடும்ப தினம்' })).closest('#event-e1') as HTMLElement;
    expect(within(event).getByText('Games and lunch')).toBeInTheDocument();
    expect(within(event).getByText('இடம்: ஈஸ்ட் கோஸ்ட் பூங்கா')).toBeInTheDocument();
    expect(container.querySelector('#janaza-j1')).toHaveTextContent('வயது 82');
  });

  it('says when nothing is coming up', async () => {
    fakeApi({ [`GET ${FEED_API.feed}`]: { status: 200, data: { janaza: [], events: [] } } });
    await renderWithProviders(<FeedSection />);
    expect(await screen.findByText('No janaza prayer is announced at the moment.')).toBeInTheDocument();
    expect(screen.getByText('No event is coming up at the moment.')).toBeInTheDocument();
  });
});

describe('formatFeedTime', () => {
  it('reads the time in Asia/Singapore', () => {
    expect(formatNoticeTime('2026-11-23T16:30:00.000Z', 'en')).toMatch(/Tuesday, 24 November 2026 at 12:30\s?am/i);
  });
});
