import { within } from '@testing-library/dom';
import { fillIn } from '@ummahnotify/domain';
import { AFTER_PRAYER, JANAZA, PRAYER_NAMES } from '../../../shared/domain/test/expected-texts';
import { FEED_SAMPLE, FEED_SLOT } from './feedSample';
import { fillFeedSlots, hasFeedSlots, renderFeed } from './renderFeed';

/** What the feed says (docs/product/screens.md#landing), written here, never read from the catalogues it is drawn from. */
const signup = {
  en: {
    feedTitle: 'Upcoming',
    feedJanaza: JANAZA.feedHeading.en,
    feedEvents: 'Events',
    feedAge: 'Age {{age}}',
    feedPlace: 'Place: {{place}}',
    feedMore: 'More about {{event}}',
    feedNoJanaza: JANAZA.noneAnnounced.en,
    feedNoEvents: 'No event is coming up at the moment.',
    feedFailed: 'The notices could not be loaded.',
    photoOf: 'Photo: {{name}}',
    addToCalendar: 'Add to calendar',
  },
  ta: {
    feedTitle: 'வரவிருப்பவை',
    feedJanaza: JANAZA.feedHeading.ta,
    feedAge: 'வயது {{age}}',
    feedNoJanaza: JANAZA.noneAnnounced.ta,
    feedFailed: 'அறிவிப்புகளை ஏற்ற முடியவில்லை.',
    feedMore: '{{event}} பற்றி மேலும் தகவல்',
    addToCalendar: 'நாட்காட்டியில் சேர்',
  },
};
const prayer = {
  en: { map: 'Map of Singapore {{postal}}' },
  ta: { map: 'சிங்கப்பூர் {{postal}} வரைபடம்' },
};

/** The landing page's two language frames, each with its slot filled by the server's renderer. */
function openLanding(feed: Parameters<typeof renderFeed>[0]) {
  const page = `<div data-lang="en"><div data-${FEED_SLOT}="en"></div></div><div data-lang="ta"><div data-${FEED_SLOT}="ta"></div></div>`;
  document.body.innerHTML = fillFeedSlots(page, (language) => renderFeed(feed, language));
  const frame = (language: 'en' | 'ta') =>
    document.querySelector<HTMLElement>(`[data-lang="${language}"]`) as HTMLElement;
  return { en: frame('en'), ta: frame('ta') };
}

/** The card of an anchor in a frame. */
const card = (frame: HTMLElement, anchor: string) =>
  frame.querySelector<HTMLElement>(`[data-anchor="${anchor}"]`) as HTMLElement;

const ANCHORS = [
  'janaza-sample-janaza-full',
  'janaza-sample-janaza-plain',
  'event-sample-event-full',
  'event-sample-event-plain',
];

describe("the landing page's feed, drawn by the server (docs/product/screens.md#landing)", () => {
  it('shows each notice in English: age, prayer time, place with its map link, note, photo, calendar file', () => {
    const { en } = openLanding(FEED_SAMPLE);
    expect(within(en).getByRole('heading', { level: 2, name: signup.en.feedTitle })).toBeInTheDocument();
    expect(within(en).getByRole('heading', { level: 3, name: signup.en.feedJanaza })).toBeInTheDocument();
    expect(within(en).getByRole('heading', { level: 3, name: signup.en.feedEvents })).toBeInTheDocument();

    const full = card(en, 'janaza-sample-janaza-full');
    expect(within(full).getByRole('heading', { level: 4, name: 'Haji Ahmad bin Salleh' })).toBeInTheDocument();
    expect(within(full).getByText(fillIn(signup.en.feedAge, { age: 82 }))).toBeInTheDocument();
    // 06:30 UTC is 2:30 pm in Singapore, whatever zone the test machine is in.
    expect(within(full).getByText(/^Prayer: Monday, 23 November 2026 at 2:30\s?pm$/i)).toBeInTheDocument();
    expect(
      within(full).getByText(/^Place: Masjid Sultan, 3 Muscat Street, Singapore 198833/, { selector: 'span' }),
    ).toBeInTheDocument();
    const map = within(full).getByRole('link', { name: fillIn(prayer.en.map, { postal: '198833' }) });
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=Singapore+198833');
    expect(map).toHaveAttribute('target', '_blank');
    expect(within(full).getByText('Family home at Blk 12')).toBeInTheDocument();
    // API paths as they are, marked for the page's script to prefix with the API's address.
    const photo = within(full).getByRole('img', { name: fillIn(signup.en.photoOf, { name: 'Haji Ahmad bin Salleh' }) });
    expect(photo).toHaveAttribute('src', '/api/public/images/sample-janaza-photo');
    expect(photo).toHaveAttribute('data-api-src');
    const calendar = within(full).getByRole('link', { name: new RegExp(signup.en.addToCalendar) });
    expect(calendar).toHaveAttribute('href', '/api/public/feed/janaza/sample-janaza-full.ics');
    expect(calendar).toHaveAttribute('download');
    expect(calendar).toHaveAttribute('data-api-link');

    const plain = card(en, 'janaza-sample-janaza-plain');
    expect(
      within(plain).getByText(`Prayer: Tuesday, 24 November 2026, ${AFTER_PRAYER.en(PRAYER_NAMES.asar.en, '4:03 pm')}`),
    ).toBeVisible();
    // No photo (none, or not public: the feed gives none), no place, no note.
    expect(plain.querySelector('img')).toBeNull();
    expect(within(plain).queryByText(/^Place:/)).toBeNull();
    expect(within(plain).getAllByRole('link')).toHaveLength(1);
  });

  it('shows each event in English: sub-heading, time, place, its link in a new tab, photo, calendar file', () => {
    const { en } = openLanding(FEED_SAMPLE);
    const full = card(en, 'event-sample-event-full');
    expect(within(full).getByRole('heading', { level: 4, name: 'Family day' })).toBeInTheDocument();
    expect(within(full).getByText('Games and lunch')).toBeInTheDocument();
    // 02:00 UTC is 10:00 am in Singapore.
    expect(within(full).getByText(/^When: Saturday, 5 December 2026 at 10:00\s?am$/i)).toBeInTheDocument();
    expect(within(full).getByText(fillIn(signup.en.feedPlace, { place: 'East Coast Park' }))).toBeInTheDocument();
    const more = within(full).getByRole('link', { name: fillIn(signup.en.feedMore, { event: 'Family day' }) });
    expect(more).toHaveAttribute('href', 'https://example.org/family-day');
    expect(more).toHaveAttribute('target', '_blank');
    expect(more).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(full).getByRole('img', { name: 'Family day' })).toHaveAttribute(
      'src',
      '/api/public/images/sample-event-photo',
    );
    expect(within(full).getByRole('link', { name: new RegExp(signup.en.addToCalendar) })).toHaveAttribute(
      'href',
      '/api/public/feed/events/sample-event-full.ics',
    );

    const plain = card(en, 'event-sample-event-plain');
    expect(within(plain).getByRole('heading', { level: 4, name: 'Quran class' })).toBeInTheDocument();
    expect(plain.querySelector('img')).toBeNull();
    expect(within(plain).queryByText(/^Place:/)).toBeNull();
    expect(within(plain).getAllByRole('link')).toHaveLength(1);
  });

  it('shows the Tamil frame in Tamil, each event field falling back to English, the Tamil calendar file', () => {
    const { ta } = openLanding(FEED_SAMPLE);
    expect(within(ta).getByRole('heading', { level: 2, name: signup.ta.feedTitle })).toBeInTheDocument();
    expect(within(ta).getByRole('heading', { level: 3, name: signup.ta.feedJanaza })).toBeInTheDocument();
    const full = card(ta, 'janaza-sample-janaza-full');
    expect(full).toHaveTextContent(fillIn(signup.ta.feedAge, { age: 82 }));
    expect(full).toHaveTextContent(`இடம்: Masjid Sultan, 3 Muscat Street, ${JANAZA.singapore.ta('198833')}`);
    expect(within(full).getByRole('link', { name: fillIn(prayer.ta.map, { postal: '198833' }) })).toBeVisible();
    expect(within(full).getByRole('link', { name: new RegExp(signup.ta.addToCalendar) })).toHaveAttribute(
      'href',
      '/api/public/feed/janaza/sample-janaza-full.ics?lang=ta',
    );
    expect(card(ta, 'janaza-sample-janaza-plain')).toHaveTextContent(
      `தொழுகை: செவ்வாய், 24 நவம்பர், 2026, ${AFTER_PRAYER.ta(PRAYER_NAMES.asar.ta, '4:03 PM')}`,
    );
    const event = card(ta, 'event-sample-event-full');
    expect(within(event).getByRole('heading', { name: 'குடும்ப தினம்' })).toBeInTheDocument();
    expect(within(event).getByText('விளையாட்டுகளும் மதிய உணவும்')).toBeInTheDocument();
    expect(within(event).getByText('இடம்: ஈஸ்ட் கோஸ்ட் பூங்கா')).toBeInTheDocument();
    expect(
      within(event).getByRole('link', { name: fillIn(signup.ta.feedMore, { event: 'குடும்ப தினம்' }) }),
    ).toHaveAttribute('href', 'https://example.org/family-day');
    expect(within(card(ta, 'event-sample-event-plain')).getByRole('heading', { name: 'Quran class' })).toBeVisible();
  });

  // Lighthouse's "Links do not have descriptive text" and axe's label-content-name-mismatch: a page's links read alone
  // (a screen reader's list of links) must say where they go, and the name read out is the words on the screen.
  it('names every link by its own words, which say where it goes read alone, in both languages', () => {
    const frames = openLanding(FEED_SAMPLE);
    for (const frame of [frames.en, frames.ta]) {
      const links = within(frame).getAllByRole('link');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(link).not.toHaveAttribute('aria-label');
        expect(link.textContent?.trim()).not.toMatch(/^(map|more|more information|வரைபடம்|மேலும் தகவல்)$/i);
      }
    }
    const mapOf = (frame: HTMLElement) =>
      within(card(frame, 'janaza-sample-janaza-full'))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(mapOf(frames.en)).toContain('Map of Singapore 198833');
    expect(mapOf(frames.ta)).toContain('சிங்கப்பூர் 198833 வரைபடம்');
  });

  it('marks every card with its anchor in both frames; only the English frame has ids, none twice in the page', () => {
    const { en, ta } = openLanding(FEED_SAMPLE);
    for (const anchor of ANCHORS) {
      expect(card(en, anchor)).toHaveAttribute('id', anchor);
      expect(card(ta, anchor)).not.toHaveAttribute('id');
    }
    expect([...ta.querySelectorAll('[id]')].map((element) => element.id)).toEqual(['upcoming-ta', 'upcoming-title-ta']);
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Each frame's section is named by its own heading.
    expect(within(en).getByRole('region', { name: signup.en.feedTitle })).toHaveAttribute('id', 'upcoming');
    expect(within(ta).getByRole('region', { name: signup.ta.feedTitle })).toHaveAttribute('id', 'upcoming-ta');
  });

  it('says when nothing is coming up', () => {
    const { en, ta } = openLanding({ janaza: [], events: [] });
    expect(within(en).getByText(signup.en.feedNoJanaza)).toBeInTheDocument();
    expect(within(en).getByText(signup.en.feedNoEvents)).toBeInTheDocument();
    expect(within(ta).getByText(signup.ta.feedNoJanaza)).toBeInTheDocument();
  });

  it('marks a withdrawn event cancelled, in English and in Tamil, its heading struck through', () => {
    const [first, ...rest] = FEED_SAMPLE.events;
    const { en, ta } = openLanding({ ...FEED_SAMPLE, events: [{ ...first, cancelled: true }, ...rest] });
    const cancelled = card(en, 'event-sample-event-full');
    // docs/product/screens.md#landing: "Cancelled: This event will not take place." above its heading.
    expect(within(cancelled).getByText('Cancelled: This event will not take place.')).toBeInTheDocument();
    expect(
      within(cancelled).getByRole('heading', { level: 4, name: 'Family day' }).querySelector('del'),
    ).not.toBeNull();
    expect(
      within(card(ta, 'event-sample-event-full')).getByText('ரத்து செய்யப்பட்டது: இந்த நிகழ்வு நடைபெறாது.'),
    ).toBeInTheDocument();
    const standing = card(en, 'event-sample-event-plain');
    expect(within(standing).queryByText(/Cancelled/)).toBeNull();
  });

  it('says the notices could not be loaded when the feed could not be read, and shows no card', () => {
    const { en, ta } = openLanding(null);
    expect(within(en).getByRole('alert')).toHaveTextContent(signup.en.feedFailed);
    expect(within(ta).getByRole('alert')).toHaveTextContent(signup.ta.feedFailed);
    expect(document.querySelectorAll('[data-anchor]')).toHaveLength(0);
    expect(within(en).getByRole('heading', { level: 2, name: signup.en.feedTitle })).toBeInTheDocument();
  });
});

describe('fillFeedSlots', () => {
  it("puts each language's HTML in its slot, and throws for a page without one", () => {
    const page = `<p>before</p><div data-${FEED_SLOT}="en"></div><p>middle</p><div data-${FEED_SLOT}="ta"></div>`;
    expect(hasFeedSlots(page)).toBe(true);
    // The HTML of one language may say anything, another slot's markup included: the page's slots are filled.
    const filled = fillFeedSlots(page, (language) => `<b>${language}</b><div data-${FEED_SLOT}="ta"></div>`);
    expect(filled).toBe(
      `<p>before</p><div data-${FEED_SLOT}="en"><b>en</b><div data-${FEED_SLOT}="ta"></div></div><p>middle</p>` +
        `<div data-${FEED_SLOT}="ta"><b>ta</b><div data-${FEED_SLOT}="ta"></div></div>`,
    );
    const english = `<div data-${FEED_SLOT}="en"></div>`;
    expect(hasFeedSlots(english)).toBe(false);
    expect(() => fillFeedSlots(english, () => '')).toThrow(/no feed slot for ta/);
    expect(() => fillFeedSlots('<body></body>', () => '')).toThrow(/no feed slot/);
  });
});
