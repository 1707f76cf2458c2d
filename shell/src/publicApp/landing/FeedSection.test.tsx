import { configure, screen, within } from '@testing-library/react';
import { FEED_API, formatNoticeTime } from '@ummahnotify/core';
import type { FeedResponse } from '@ummahnotify/domain';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderLandingPart, setLanguage } from '../renderForTest';
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
      prayer: null,
      providerName: 'Masjid Sultan',
      postal: '198833',
      address: '',
      note: 'Family home at Blk 12',
      imageUrl: '/api/public/images/img1',
      icsUrl: FEED_API.janazaIcs('j1'),
    },
    {
      _id: 'j2',
      name: 'Fatimah binte Yusof',
      age: 64,
      gender: 'female',
      // 08:03 UTC is 4:03 pm in Singapore (the time the server computed for that Asar).
      dueDate: '2026-11-24T08:03:00.000Z',
      prayer: 'asar',
      providerName: 'Masjid Abdul Gafoor',
      postal: '209369',
      address: '',
      note: '',
      imageUrl: null,
      icsUrl: FEED_API.janazaIcs('j2'),
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
    const { container } = await renderLandingPart(<FeedSection />);
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
    expect(within(janaza).getByText(/^Place: Masjid Sultan, Singapore 198833/)).toBeInTheDocument();
    expect(within(janaza).getByRole('link', { name: 'Open the map of Singapore 198833' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Singapore+198833',
    );
    const afterAsar = container.querySelector('#janaza-j2') as HTMLElement;
    expect(
      within(afterAsar).getByText(/^Prayer: Tuesday, 24 November 2026, after Asar \(about 4:03\s?pm\)$/),
    ).toBeInTheDocument();
    expect(within(afterAsar).getByText(/^Place: Masjid Abdul Gafoor, Singapore 209369/)).toBeInTheDocument();
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
    const { container } = await renderLandingPart(<FeedSection />);
    const event = (await screen.findByRole('heading', { name: 'குடும்ப தினம்' })).closest('#event-e1') as HTMLElement;
    expect(within(event).getByText('Games and lunch')).toBeInTheDocument();
    expect(within(event).getByText('இடம்: ஈஸ்ட் கோஸ்ட் பூங்கா')).toBeInTheDocument();
    expect(container.querySelector('#janaza-j1')).toHaveTextContent('வயது 82');
    const afterAsar = container.querySelector('#janaza-j2') as HTMLElement;
    expect(afterAsar).toHaveTextContent('அஸர் தொழுகைக்குப் பின் (ஏறக்குறைய');
    expect(afterAsar).toHaveTextContent('இடம்: Masjid Abdul Gafoor, சிங்கப்பூர் 209369');
    expect(within(afterAsar).getByRole('link', { name: /நாட்காட்டியில் சேர்/ })).toHaveAttribute(
      'href',
      '/api/public/feed/janaza/j2.ics?lang=ta',
    );
  });

  describe('a link to a card (/#%E0%A4%A once threw URI malformed and blanked the page)', () => {
    let scrolled: string[];
    beforeEach(() => {
      scrolled = [];
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this.id);
      };
    });
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('scrolls to the card the fragment names, percent-encoded or not', async () => {
      window.history.replaceState(null, '', '/#%6Aanaza-j2');
      fakeApi({ [`GET ${FEED_API.feed}`]: { status: 200, data: FEED } });
      await renderLandingPart(<FeedSection />);
      expect(await screen.findByText('Fatimah binte Yusof')).toBeInTheDocument();
      expect(scrolled).toEqual(['janaza-j2']);
    });

    it('scrolls to the notice a message links to (/?notice=<id>)', async () => {
      window.history.replaceState(null, '', '/?notice=j2&lang=ta');
      fakeApi({ [`GET ${FEED_API.feed}`]: { status: 200, data: FEED } });
      await renderLandingPart(<FeedSection />);
      expect(await screen.findByText('Fatimah binte Yusof')).toBeInTheDocument();
      expect(scrolled).toEqual(['janaza-j2']);
    });

    for (const hash of ['#%E0%A4%A', '#%', '#janaza-%E0%A4%A', '#%FF%FE']) {
      it(`renders the whole feed for /${hash}, scrolling nowhere`, async () => {
        window.history.replaceState(null, '', `/${hash}`);
        expect(() => decodeURIComponent(hash.slice(1))).toThrow(URIError);
        fakeApi({ [`GET ${FEED_API.feed}`]: { status: 200, data: FEED } });
        await renderLandingPart(<FeedSection />);
        expect(await screen.findByText('Haji Ahmad bin Salleh')).toBeInTheDocument();
        expect(screen.getByText('Fatimah binte Yusof')).toBeInTheDocument();
        expect(screen.getByRole('heading', { name: 'Family day' })).toBeInTheDocument();
        expect(scrolled).toEqual([]);
      });
    }
  });

  it('says when nothing is coming up', async () => {
    fakeApi({ [`GET ${FEED_API.feed}`]: { status: 200, data: { janaza: [], events: [] } } });
    await renderLandingPart(<FeedSection />);
    expect(await screen.findByText('No janaza prayer is announced at the moment.')).toBeInTheDocument();
    expect(screen.getByText('No event is coming up at the moment.')).toBeInTheDocument();
  });
});

describe('formatFeedTime', () => {
  it('reads the time in Asia/Singapore', () => {
    expect(formatNoticeTime('2026-11-23T16:30:00.000Z', 'en')).toMatch(/Tuesday, 24 November 2026 at 12:30\s?am/i);
  });
});
