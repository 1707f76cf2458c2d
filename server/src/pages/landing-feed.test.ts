import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { DEMO_BANNER_HIDDEN } from 'public-pages/demo-banner';
import { JANAZA } from '../../../shared/domain/test/expected-texts';
import { engines } from '../../test/support/databases';
import { newEventRow } from '../../test/support/event-rows';
import { newJanazaRow } from '../../test/support/janaza-rows';
import { pageText } from '../../test/support/pages';
import { startTestServer, type TestServer } from '../../test/support/server';
import { pageFile } from './frontend';

/** A landing page as its build writes it: a frame per language, each with the feed's empty slot. */
const LANDING =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>UmmahNotify</title>' +
  '<script src="/public-pages/landing.0123abcd.js"></script></head><body><div data-page>' +
  `<div data-lang="en">${DEMO_BANNER_HIDDEN}<p>Demo</p></div><h1>Sign up</h1><div data-feed-slot="en"></div>` +
  '<footer>en</footer></div>' +
  `<div data-lang="ta">${DEMO_BANNER_HIDDEN}<p>Demo</p></div><h1>பதிவு</h1><div data-feed-slot="ta"></div>` +
  '<footer>ta</footer></div>' +
  '</div></body></html>';
/** A landing page built before the server drew the feed: no slots. */
const OLDER_LANDING =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>UmmahNotify</title>' +
  '<script defer src="/public-app/landing.0123abcd.js"></script></head><body><div id="root"></div></body></html>';

for (const engine of engines()) {
  describe(`the landing page carries the public feed, drawn by the server (${engine})`, () => {
    let server: TestServer;
    let root: string;
    let landingFile: string;
    const ids: Record<string, string> = {};
    const due = new Date(Date.now() + 5 * 60 * 60 * 1000).toISOString();

    const notice = async (key: string, name: string, isPrivate = false) => {
      const row = newJanazaRow({ name, provider_name: 'Masjid Sultan', postal: '198833', due_date: due });
      row.is_privacy = isPrivate ? 1 : 0;
      ids[key] = row.id as string;
      await server.app.db.insertInto('janaza_notices').values(row).execute();
    };
    const page = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
      return pageText(res, path);
    };
    /** The text of each language frame's feed slot, read by a real HTML parser. */
    const feedOf = (html: string) => {
      const { document } = new JSDOM(html).window;
      const slot = (language: string) =>
        document.querySelector(`[data-lang="${language}"] [data-feed-slot="${language}"]`)?.textContent ?? '';
      return { en: slot('en'), ta: slot('ta'), document };
    };

    before(async () => {
      root = mkdtempSync(join(tmpdir(), 'un-landing-feed-'));
      // Where the landing page is, wherever pageFile() says it is built.
      const { dist, file } = pageFile('/');
      landingFile = join(root, dist, 'dist', file);
      mkdirSync(dirname(landingFile), { recursive: true });
      writeFileSync(landingFile, LANDING);
      server = await startTestServer(engine, {}, { frontendRoot: root });
      await notice('public', 'Haji Ahmad bin Salleh');
      await notice('private', 'Siti Private binte Hidden', true);
      ids.event = randomUUID();
      await server.app.db
        .insertInto('events')
        .values(
          newEventRow({
            id: ids.event,
            heading: 'Family day',
            heading_ta: 'குடும்ப தினம்',
            address: 'East Coast Park',
            date_time: due,
          }),
        )
        .execute();
    });
    after(async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    });

    test("/ holds the public notice and the event in both frames, the private notice's name nowhere", async () => {
      const html = await page('/');
      const feed = feedOf(html);
      assert.match(feed.en, /Haji Ahmad bin Salleh/);
      assert.match(feed.en, /Family day/);
      assert.match(feed.en, /Upcoming/);
      assert.match(feed.ta, /Haji Ahmad bin Salleh/);
      assert.match(feed.ta, /குடும்ப தினம்/);
      assert.match(feed.ta, /வரவிருப்பவை/);
      assert.ok(feed.en.includes(JANAZA.feedHeading.en) && feed.ta.includes(JANAZA.feedHeading.ta));
      assert.doesNotMatch(html, /Siti Private/);
      assert.ok(!html.includes(ids.private), 'nothing of the private notice');
      // The card a message links to (/#janaza-<id>) is there once, in the English frame.
      assert.equal(feed.document.querySelectorAll(`#janaza-${ids.public}`).length, 1);
      assert.equal(feed.document.querySelectorAll(`[data-anchor="janaza-${ids.public}"]`).length, 2);
      // The rest of the page is the page as built.
      assert.match(html, /<script src="\/public-pages\/landing\.0123abcd\.js"><\/script>/);
      assert.match(html, /<footer>en<\/footer>/);
      assert.match(html, /<footer>ta<\/footer>/);
    });

    test('the next request after a change shows it: the feed is read each time', async () => {
      assert.match(await page('/'), /Haji Ahmad bin Salleh/);
      await server.app.db
        .updateTable('janaza_notices')
        .set({ name: 'Haji Ahmad bin Salleh (corrected)' })
        .where('id', '=', ids.public)
        .execute();
      const changed = feedOf(await page('/'));
      assert.match(changed.en, /Haji Ahmad bin Salleh \(corrected\)/);
      assert.match(changed.ta, /Haji Ahmad bin Salleh \(corrected\)/);
      // Made private: gone from the page at once.
      await server.app.db.updateTable('janaza_notices').set({ is_privacy: 1 }).where('id', '=', ids.public).execute();
      const hidden = await page('/');
      assert.doesNotMatch(hidden, /Haji Ahmad/);
      assert.ok(feedOf(hidden).en.includes(JANAZA.noneAnnounced.en));
      assert.ok(feedOf(hidden).ta.includes(JANAZA.noneAnnounced.ta));
      await server.app.db.updateTable('janaza_notices').set({ is_privacy: 0 }).where('id', '=', ids.public).execute();
      assert.match(await page('/'), /Haji Ahmad bin Salleh \(corrected\)/);
    });

    test("a notice link (/?notice=<id>) carries the notice's preview and the feed", async () => {
      const html = await page(`/?notice=${ids.public}&lang=en`);
      const { document, en, ta } = feedOf(html);
      assert.equal(
        document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        'Janaza: Haji Ahmad bin Salleh (corrected)',
      );
      assert.equal(document.querySelectorAll('title').length, 1);
      assert.match(en, /Haji Ahmad bin Salleh \(corrected\)/);
      assert.match(ta, /குடும்ப தினம்/);
      // A private notice's link: no preview, the feed without it.
      const privateLink = await page(`/?notice=${ids.private}&lang=ta`);
      assert.equal(feedOf(privateLink).document.querySelector('meta[property="og:title"]'), null);
      assert.doesNotMatch(privateLink, /Siti Private/);
      assert.match(feedOf(privateLink).ta, /குடும்ப தினம்/);
    });

    test('when the feed cannot be read, the page still answers, saying the notices could not be loaded', async () => {
      await server.app.db.schema.alterTable('events').renameTo('events_away').execute();
      try {
        const feed = feedOf(await page('/'));
        assert.match(feed.en, /The notices could not be loaded\./);
        assert.match(feed.ta, /அறிவிப்புகளை ஏற்ற முடியவில்லை\./);
        assert.doesNotMatch(feed.en, /Haji Ahmad/);
      } finally {
        await server.app.db.schema.alterTable('events_away').renameTo('events').execute();
      }
      assert.match(feedOf(await page('/')).en, /Family day/);
    });

    test('the page with the feed is sent compressed, as the built files are, to a browser that accepts it', async () => {
      const inject = (encoding?: string) =>
        server.app.inject({ url: '/', headers: encoding ? { 'accept-encoding': encoding } : {} });
      const plain = await inject();
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(feedOf(plain.body).en, /Family day/);
      const br = await inject('gzip, deflate, br');
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(String(br.headers.vary), /accept-encoding/i);
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
      const gz = await inject('gzip');
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
      assert.equal((await inject('br;q=0, gzip')).headers['content-encoding'], 'gzip');
      assert.ok(br.rawPayload.length < plain.rawPayload.length / 2);
      // Outside demo mode the demo banner stays hidden, for the page's script to leave so.
      assert.equal(plain.body.split(DEMO_BANNER_HIDDEN).length - 1, 2);
    });

    test("a notice link's page, its preview in the head, is sent compressed too", async () => {
      const url = `/?notice=${ids.public}&lang=ta`;
      const plain = await server.app.inject({ url });
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(plain.body, /<meta property="og:title"/);
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await server.app.inject({ url, headers: { 'accept-encoding': encoding } });
        assert.equal(res.headers['content-encoding'], encoding);
        assert.match(String(res.headers.vary), /accept-encoding/i);
        const unpack = encoding === 'br' ? brotliDecompressSync : gunzipSync;
        assert.equal(unpack(res.rawPayload).toString(), plain.body);
      }
    });

    test('a landing page built without slots (a build from before) is sent as it is, the new file read at once', async () => {
      writeFileSync(landingFile, OLDER_LANDING);
      assert.equal(await page('/'), OLDER_LANDING);
      assert.equal(await page('/?lang=ta'), OLDER_LANDING);
      // With a notice link, only the preview is added.
      const preview = await page(`/?notice=${ids.public}&lang=en`);
      assert.match(preview, /<meta property="og:title" content="Janaza: Haji Ahmad bin Salleh \(corrected\)">/);
      assert.doesNotMatch(preview, /Family day/);
      writeFileSync(landingFile, LANDING);
      assert.match(feedOf(await page('/')).en, /Family day/);
    });
  });
}
