import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ICON_SOURCE, RENDERED, renderIcon } from '../../scripts/render-icons';
import { GOOGLE_MODE_ENV } from '../../test/support/server';
import { buildApp } from '../app';
import { loadConfig } from '../config';

let app: FastifyInstance;
let root: string;
before(async () => {
  root = mkdtempSync(join(tmpdir(), 'un-web-app-'));
  const config = loadConfig({
    DATA_DIR: join(root, 'data'),
    PUBLIC_URL: 'https://notify.example.sg',
    ...GOOGLE_MODE_ENV,
  });
  app = await buildApp(config, { logger: false, frontendRoot: root });
});
after(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

/** The theme's green, as the icons' background and the manifest's theme_color must be (shared/client's ui/theme.ts). */
const GREEN = '#1f7a4d';
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

async function manifest() {
  const res = await app.inject('/manifest.webmanifest');
  assert.equal(res.statusCode, 200);
  return { res, body: res.json() as Record<string, unknown> & { icons: ManifestIcon[] } };
}

/** An image the server answers, as its pixels (RGBA) with its size and format. */
async function image(url: string) {
  const res = await app.inject(url);
  assert.equal(res.statusCode, 200, url);
  const { data, info } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const metadata = await sharp(res.rawPayload).metadata();
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  return { res, metadata, width: info.width, height: info.height, at };
}

test('the manifest is application/manifest+json and says what a browser needs to install the site', async () => {
  const { res, body } = await manifest();
  assert.match(String(res.headers['content-type']), /^application\/manifest\+json\b/);
  assert.deepEqual(
    {
      name: body.name,
      short_name: body.short_name,
      start_url: body.start_url,
      scope: body.scope,
      display: body.display,
      lang: body.lang,
      theme_color: body.theme_color,
    },
    {
      name: 'UmmahNotify',
      short_name: 'UmmahNotify',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
      theme_color: GREEN,
    },
  );
  assert.match(String(body.background_color), /^#[0-9a-f]{6}$/);
  const sizes = (purpose: string) => body.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes);
  assert.deepEqual(sizes('any'), ['192x192', '512x512']);
  assert.deepEqual(sizes('maskable'), ['192x192', '512x512']);
});

test('the manifest is revalidated as the unhashed front-end files are: no-cache, and 304 for its ETag', async () => {
  const { res } = await manifest();
  assert.equal(res.headers['cache-control'], 'no-cache');
  const etag = String(res.headers.etag);
  const again = await app.inject({ url: '/manifest.webmanifest', headers: { 'if-none-match': etag } });
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
});

test("every icon of the manifest is a PNG of the manifest's size in pixels, revalidated like the front end's files", async () => {
  const { body } = await manifest();
  assert.equal(body.icons.length, 4);
  for (const icon of body.icons) {
    assert.equal(icon.type, 'image/png');
    const { res, metadata } = await image(icon.src);
    assert.equal(res.headers['content-type'], 'image/png', icon.src);
    assert.equal(res.headers['cache-control'], 'no-cache', icon.src);
    assert.ok(res.headers.etag, icon.src);
    assert.equal(metadata.format, 'png', icon.src);
    assert.equal(`${metadata.width}x${metadata.height}`, icon.sizes, icon.src);
  }
});

test('a maskable icon keeps its mark in the safe zone: outside the circle of 40 % of its size, only the green', async () => {
  const { body } = await manifest();
  const maskable = body.icons.filter((i) => i.purpose === 'maskable');
  assert.ok(maskable.length > 0);
  for (const icon of maskable) {
    const { width, height, at } = await image(icon.src);
    const safe = 0.4 * width;
    const strays: string[] = [];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        // a pixel whose nearest corner is beyond the safe zone's circle lies wholly outside it
        const dx = Math.max(Math.abs(x + 0.5 - width / 2) - 0.5, 0);
        const dy = Math.max(Math.abs(y + 0.5 - height / 2) - 0.5, 0);
        if (Math.hypot(dx, dy) <= safe) continue;
        const [r, g, b, a] = at(x, y);
        const far = Math.max(...rgb(GREEN).map((c, i) => Math.abs(c - [r, g, b][i])));
        if (a !== 255 || far > 2) strays.push(`${x},${y}: ${[r, g, b, a]}`);
      }
    assert.deepEqual(strays.slice(0, 5), [], `${icon.src}: ${strays.length} pixels outside the safe zone`);
    // and the mark is there: the centre is white
    assert.deepEqual(
      at(Math.round(width * 0.3), Math.round(height * 0.5)).slice(0, 3),
      [255, 255, 255],
      `${icon.src} has its mark`,
    );
  }
});

test("an icon drawn as it is has transparent rounded corners; iOS's Home Screen icon is 180 px and opaque", async () => {
  const any = await image('/icons/icon-512.png');
  assert.equal(any.at(0, 0)[3], 0);
  assert.deepEqual(any.at(256, 20), [...rgb(GREEN), 255]);

  const apple = await image('/icons/apple-touch-icon.png');
  assert.equal(apple.res.headers['content-type'], 'image/png');
  assert.equal(`${apple.width}x${apple.height}`, '180x180');
  for (const [x, y] of [
    [0, 0],
    [179, 0],
    [0, 179],
    [179, 179],
  ])
    assert.deepEqual(apple.at(x, y), [...rgb(GREEN), 255]);
});

test('the committed icons are what server/scripts/render-icons.ts renders from icon.svg (run it after changing it)', async () => {
  const svg = readFileSync(ICON_SOURCE);
  for (const icon of RENDERED) {
    const served = await app.inject(`/icons/${icon.file}`);
    const [committed, rendered] = await Promise.all(
      [served.rawPayload, await renderIcon(svg, icon.size, icon.shape)].map((png) =>
        sharp(png).ensureAlpha().raw().toBuffer(),
      ),
    );
    assert.ok(committed.equals(rendered), `${icon.file} differs from what the script renders: npm run icons -w server`);
  }
});
