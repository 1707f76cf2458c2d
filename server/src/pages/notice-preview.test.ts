import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { JSDOM } from 'jsdom';
import { engines } from '../../test/support/databases';
import { images } from '../../test/support/images';
import { newJanazaRow } from '../../test/support/janaza-rows';
import { pageText } from '../../test/support/pages';
import { startTestServer, type TestServer } from '../../test/support/server';
import { processImage } from '../features/uploads/image';
import { imageStore } from '../features/uploads/store';

const LANDING =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="description" content="UmmahNotify: janaza notices.">' +
  '<title>UmmahNotify</title><script defer src="/public-app/landing.0123abcd.js"></script></head><body><div id="root"></div></body></html>';
/** How WhatsApp's link fetcher names itself; it runs no script and reads the head. */
const PREVIEWER = { 'user-agent': 'WhatsApp/2.24.1.6 A' };

/** The Open Graph and Twitter tags of a page, read by a real HTML parser. */
function previewOf(html: string): Record<string, string | null> {
  const { document } = new JSDOM(html).window;
  const tags: Record<string, string | null> = { title: document.title };
  for (const meta of document.querySelectorAll('meta[property], meta[name]'))
    tags[meta.getAttribute('property') ?? meta.getAttribute('name') ?? ''] = meta.getAttribute('content');
  return tags;
}

for (const engine of engines()) {
  describe(`a notice link previews in a chat (${engine})`, () => {
    let server: TestServer;
    let root: string;
    const ids: Record<string, string> = {};
    const due = new Date(Date.now() + 5 * 60 * 60 * 1000).toISOString();

    const notice = async (
      key: string,
      values: { status: string; isPrivate?: boolean; image?: string; withdrawnAt?: string },
    ) => {
      const row = newJanazaRow({
        provider_name: 'Masjid Sultan',
        name: `Haji "Ismail" <${key}> & family`,
        postal: '198833',
        is_privacy: values.isPrivate ? 1 : 0,
        due_date: due,
        note: `Note of ${key}`,
        image_id: values.image ?? null,
        status: values.status,
        withdrawn_at: values.withdrawnAt ?? null,
      });
      ids[key] = row.id as string;
      await server.app.db.insertInto('janaza_notices').values(row).execute();
    };
    const page = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, { headers: PREVIEWER });
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      return pageText(res, path);
    };

    before(async () => {
      root = mkdtempSync(join(tmpdir(), 'un-preview-'));
      mkdirSync(join(root, 'shell', 'dist', 'public-app'), { recursive: true });
      writeFileSync(join(root, 'shell', 'dist', 'public-app', 'landing.html'), LANDING);
      server = await startTestServer(engine, {}, { frontendRoot: root });
      const photo = async () => imageStore().save(server.app.db, await processImage(await images.jpeg(120, 80)), null);
      ids.publicPhoto = await photo();
      ids.privatePhoto = await photo();
      await notice('public', { status: 'approved', image: ids.publicPhoto });
      await notice('plain', { status: 'approved' });
      await notice('private', { status: 'approved', isPrivate: true, image: ids.privatePhoto });
      await notice('pending', { status: 'pending' });
      await notice('withdrawn', { status: 'approved', withdrawnAt: new Date().toISOString() });
    });
    after(async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    });

    test('a public notice: its name and "janaza", the prayer time and place, its photo, in the link language', async () => {
      const link = `/?notice=${ids.public}&lang=en`;
      const tags = previewOf(await page(link));
      const name = 'Haji "Ismail" <public> & family';
      assert.equal(tags['og:title'], `Janaza: ${name}`);
      assert.equal(tags.title, `Janaza: ${name}`);
      assert.equal(tags['twitter:title'], `Janaza: ${name}`);
      // The time as Singapore reads it (an independent formatter), and the place.
      const time = new Intl.DateTimeFormat('en-SG', { timeZone: 'Asia/Singapore', hour: 'numeric', minute: '2-digit' })
        .format(new Date(due))
        .replace(/\s/g, ' ');
      assert.ok(
        tags['og:description']?.replace(/\s/g, ' ').toLowerCase().includes(time.toLowerCase()),
        tags['og:description'] ?? '',
      );
      assert.match(tags['og:description'] ?? '', /Masjid Sultan, Singapore 198833/);
      assert.equal(tags['og:url'], `${server.url}${link}`);
      assert.equal(tags['og:image'], `${server.url}/api/public/images/${ids.publicPhoto}`);
      assert.equal(tags['twitter:card'], 'summary_large_image');
      // The previewer fetches the photo next: it is there for anyone.
      const photo = await fetch(tags['og:image'] ?? '', { headers: PREVIEWER });
      assert.equal(photo.status, 200);
      assert.match(photo.headers.get('content-type') ?? '', /^image\//);

      const ta = previewOf(await page(`/?notice=${ids.public}&lang=ta`));
      assert.equal(ta['og:title'], `ஜனாஸா: ${name}`);
      assert.equal(ta['og:locale'], 'ta_SG');
      assert.match(ta['og:description'] ?? '', /சிங்கப்பூர் 198833/);
    });

    test('a withdrawn notice: its link says it is cancelled before anything else, in the link language', async () => {
      const name = 'Haji "Ismail" <withdrawn> & family';
      const en = previewOf(await page(`/?notice=${ids.withdrawn}&lang=en`));
      assert.equal(en.title, `Cancelled: Janaza: ${name}`);
      assert.match(en['og:description'] ?? '', /^The janaza notice for .* has been withdrawn\./);
      const ta = previewOf(await page(`/?notice=${ids.withdrawn}&lang=ta`));
      assert.equal(ta['og:title'], `ரத்து: ஜனாஸா: ${name}`);
    });

    test('the page is still the landing page, its script and all; without a photo the card is a summary', async () => {
      const html = await page(`/?notice=${ids.plain}&lang=en`);
      assert.match(html, /<script defer src="\/public-app\/landing\.0123abcd\.js"><\/script>/);
      assert.equal((html.match(/<title>/g) ?? []).length, 1);
      const tags = previewOf(html);
      assert.equal(tags['twitter:card'], 'summary');
      assert.equal(tags['og:image'], undefined);
    });

    test('a private, pending or unknown notice: the landing page as it is, nothing of the notice in it', async () => {
      for (const link of [
        `/?notice=${ids.private}&lang=en`,
        `/?notice=${ids.private}&lang=ta`,
        `/?notice=${ids.pending}`,
        `/?notice=${randomUUID()}`,
        '/?notice=not-an-id',
        `/?notice=${ids.public.toUpperCase()}x`,
      ]) {
        const html = await page(link);
        assert.equal(html, LANDING, link);
      }
    });
  });
}
