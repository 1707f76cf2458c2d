import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../test/support/databases';
import { newEventRow } from '../../test/support/event-rows';
import { newJanazaRow } from '../../test/support/janaza-rows';
import { fetchPage, MAX_PAGE_BYTES } from '../../test/support/pages';
import { startTestServer, type TestServer } from '../../test/support/server';
import { pageFile } from './frontend';

/**
 * Every pattern String.prototype.replace expands in a replacement string (`` $` `` the text before the match, `$'`
 * the text after it, `$&` the match, `$$` one dollar, `$1` a group), and the end of the head the preview tags go
 * before. Escaping for HTML leaves all of them but `'`, `&`, `<` and `>` as they are.
 */
const T = "$`$'$&$$$1</head>";

/** The same, as HTML escaping writes it in the preview's tags (& < > " ' as entities, ' as &#39;). */
const T_TAGS = '$`$&#39;$&amp;$$$1&lt;/head&gt;';
/** The same, as React writes text (' as &#x27;): the feed drawn by the server. */
const T_REACT = '$`$&#x27;$&amp;$$$1&lt;/head&gt;';
/** The same in an iCalendar TEXT value (RFC 5545 §3.3.11: only \ ; , and line breaks are escaped). */
const T_ICS = T;

/**
 * The review's own finding: a name of 60 characters and an address of 150 made of `` $` ``, each copying the page
 * up to the end of its head into the tags (about 30 MB from a 218 KB page).
 */
const REVIEW_NAME = `Z${'$`'.repeat(30)}`.slice(0, 60);
const REVIEW_ADDRESS = '$`'.repeat(75);

/**
 * A landing page as its build writes it (a frame per language, each with the feed's empty slot), with a head of
 * 40 KB of style as the real one has (inlined CSS): what `` $` `` would copy.
 */
const HEAD_STYLE = `<style>${'.x{color:red}'.repeat(3200)}</style>`;
const LANDING =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>UmmahNotify</title>' +
  `${HEAD_STYLE}<script src="/public-pages/landing.0123abcd.js"></script></head><body><div data-page>` +
  '<div data-lang="en"><h1>Sign up</h1><div data-feed-slot="en"></div><footer>en</footer></div>' +
  '<div data-lang="ta"><h1>பதிவு</h1><div data-feed-slot="ta"></div><footer>ta</footer></div>' +
  '</div></body></html>';

const DUE = '2030-05-01T06:30:00.000Z';
/** The time as Singapore reads it, by an Intl formatter of the test's own (docs/product/data.md: date and time, SGT). */
const WHEN_EN = new Intl.DateTimeFormat('en-SG', {
  timeZone: 'Asia/Singapore',
  dateStyle: 'full',
  timeStyle: 'short',
}).format(new Date(DUE));

/** The page's text in the feed slot of `language` and the page with both slots emptied (slots end before a footer). */
function slotsOf(page: string): { en: string; ta: string; emptied: string } {
  let emptied = page;
  const found: Record<string, string> = {};
  for (const language of ['ta', 'en']) {
    const open = `<div data-feed-slot="${language}">`;
    const start = emptied.indexOf(open) + open.length;
    const end = emptied.lastIndexOf(`</div><footer>${language}</footer>`);
    assert.ok(start >= open.length && end >= start, `the ${language} slot is there, whole`);
    found[language] = emptied.slice(start, end);
    emptied = emptied.slice(0, start) + emptied.slice(end);
  }
  return { en: found.en, ta: found.ta, emptied };
}

/** An .ics file with its folded lines joined again (RFC 5545 §3.1: CRLF and one space are removed). */
const unfolded = (ics: string) => ics.split('\r\n ').join('');

for (const engine of engines()) {
  describe(`names and texts with replacement patterns in the pages the server draws (${engine})`, () => {
    let server: TestServer;
    let root: string;
    const janaza = newJanazaRow({
      name: `Haji ${T} Ismail`,
      provider_name: 'Masjid Sultan',
      address: `Blk 1 ${T} Jalan Sultan`,
      postal: '198833',
      note: `Note ${T} family`,
      due_date: DUE,
      status: 'approved',
    });
    const review = newJanazaRow({ name: REVIEW_NAME, address: REVIEW_ADDRESS, due_date: DUE, status: 'approved' });
    const event = newEventRow({
      heading: `Talk ${T} one`,
      heading_ta: `உரை ${T} ஒன்று`,
      sub_heading: `Sub ${T} two`,
      sub_heading_ta: `துணை ${T} இரண்டு`,
      content: `Content ${T} three`,
      content_ta: `உள்ளடக்கம் ${T} மூன்று`,
      address: `Hall ${T} four`,
      address_ta: `மண்டபம் ${T} நான்கு`,
      date_time: DUE,
    });

    const page = async (path: string) => {
      const answer = await fetchPage(`${server.url}${path}`);
      assert.equal(answer.status, 200, path);
      return answer.text;
    };

    before(async () => {
      root = mkdtempSync(join(tmpdir(), 'un-hostile-text-'));
      const { dist, file } = pageFile('/');
      const landingFile = join(root, dist, 'dist', file);
      mkdirSync(dirname(landingFile), { recursive: true });
      writeFileSync(landingFile, LANDING);
      server = await startTestServer(engine, {}, { frontendRoot: root });
      await server.app.db.insertInto('janaza_notices').values([janaza, review]).execute();
      await server.app.db.insertInto('events').values(event).execute();
    });
    after(async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    });

    test('the landing page: the built page as it is, each text once escaped in the feed of each frame', async () => {
      const html = await page('/');
      const { en, ta, emptied } = slotsOf(html);
      assert.equal(emptied, LANDING, 'outside the feed slots, the page is the built page byte for byte');
      for (const text of [
        `Haji ${T_REACT} Ismail`,
        `Blk 1 ${T_REACT} Jalan Sultan`,
        `Note ${T_REACT} family`,
        `Talk ${T_REACT} one`,
        `Sub ${T_REACT} two`,
        `Hall ${T_REACT} four`,
      ])
        assert.ok(en.includes(text), `the English feed has ${text}`);
      for (const text of [
        `Haji ${T_REACT} Ismail`,
        `Note ${T_REACT} family`,
        `உரை ${T_REACT} ஒன்று`,
        `துணை ${T_REACT} இரண்டு`,
        `மண்டபம் ${T_REACT} நான்கு`,
      ])
        assert.ok(ta.includes(text), `the Tamil feed has ${text}`);
      for (const slot of [en, ta]) {
        assert.ok(!slot.includes('</head>') && !slot.includes('<!doctype'), 'no part of the page is copied in');
        assert.ok(!slot.includes(HEAD_STYLE.slice(0, 40)));
      }
    });

    test("the preview of a notice link: the landing page, its title gone, the notice's tags at the end of its head", async () => {
      const landing = await page('/');
      const html = await page(`/?notice=${janaza.id}&lang=en`);
      const title = `Janaza: Haji ${T_TAGS} Ismail`;
      const description = `${WHEN_EN} · Masjid Sultan, Blk 1 ${T_TAGS} Jalan Sultan, Singapore 198833`;
      const tags = [
        `<title>${title}</title>`,
        '<meta property="og:type" content="website">',
        '<meta property="og:site_name" content="UmmahNotify">',
        `<meta property="og:title" content="${title}">`,
        `<meta property="og:description" content="${description}">`,
        `<meta property="og:url" content="${server.url}/?notice=${janaza.id}&amp;lang=en">`,
        '<meta property="og:locale" content="en_SG">',
        '<meta name="twitter:card" content="summary">',
        `<meta name="twitter:title" content="${title}">`,
        `<meta name="twitter:description" content="${description}">`,
      ].join('');
      const head = landing.indexOf('</head>');
      const expected = `${landing.slice(0, head).replace('<title>UmmahNotify</title>', '')}${tags}${landing.slice(head)}`;
      assert.equal(html, expected);
    });

    test("the review's name and address: the preview weighs the landing page and its tags, not megabytes", async () => {
      const landing = await page('/');
      const html = await page(`/?notice=${review.id}&lang=en`);
      const title = `Janaza: ${REVIEW_NAME}`;
      const description = `${WHEN_EN} · Provider, ${REVIEW_ADDRESS}, Singapore 123456`;
      // Each tag's text is as stored (nothing here for HTML escaping to change), so the size is known in advance.
      const tagText = [title, title, title, description, description].join('').length;
      const added = html.length - landing.length + '<title>UmmahNotify</title>'.length;
      assert.ok(html.length < MAX_PAGE_BYTES);
      assert.ok(added > tagText && added < tagText + 1000, `the preview adds ${added} characters to the page`);
      assert.ok(html.includes(`<title>${title}</title>`) && html.includes(`content="${description}"`));
    });

    test('the .ics files: every text as RFC 5545 escapes it, nothing else', async () => {
      const STAMP = /\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/;
      const withoutStamp = (ics: string) => ics.replace(STAMP, '\r\nDTSTAMP:-\r\n');
      // RFC 5545 §3.4/§3.6: one VEVENT in a VCALENDAR, CRLF line ends, the file ending with one.
      const calendarOf = (event: string[]) =>
        [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//UmmahNotify//Public feed//EN',
          'CALSCALE:GREGORIAN',
          'METHOD:PUBLISH',
          'BEGIN:VEVENT',
          ...event,
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n');
      const map = 'https://www.google.com/maps/search/?api=1&query=Singapore+198833';
      const janazaIcs = unfolded(await page(`/api/public/feed/janaza/${janaza.id}.ics?lang=en`));
      const place = `Masjid Sultan\\, Blk 1 ${T_ICS} Jalan Sultan\\, Singapore 198833`;
      assert.match(janazaIcs, STAMP);
      assert.equal(
        withoutStamp(janazaIcs),
        calendarOf([
          `UID:janaza-${janaza.id}@${new URL(server.url).host}`,
          'DTSTAMP:-',
          'DTSTART:20300501T063000Z',
          'DURATION:PT1H',
          `SUMMARY:Janaza prayer: Haji ${T_ICS} Ismail`,
          `LOCATION:${place}`,
          `DESCRIPTION:${WHEN_EN.replaceAll(',', '\\,')}\\n${place}\\nMap: ${map}\\nNote ${T_ICS} family`,
          `URL:${server.url}/?notice=${janaza.id}&lang=en`,
          'SEQUENCE:0',
        ]),
      );

      const eventIcs = unfolded(await page(`/api/public/feed/events/${event.id}.ics`));
      assert.equal(
        withoutStamp(eventIcs),
        calendarOf([
          `UID:event-${event.id}@${new URL(server.url).host}`,
          'DTSTAMP:-',
          'DTSTART:20300501T063000Z',
          'DURATION:PT2H',
          `SUMMARY:Talk ${T_ICS} one`,
          `LOCATION:Hall ${T_ICS} four`,
          `DESCRIPTION:Sub ${T_ICS} two\\n\\nContent ${T_ICS} three`,
          `URL:${server.url}/#event-${event.id}`,
          'SEQUENCE:0',
        ]),
      );
    });
  });
}
