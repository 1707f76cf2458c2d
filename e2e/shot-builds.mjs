import { createServer } from 'node:http';
import { chromium } from 'playwright-core';

const pointer = JSON.stringify({
  build: '20261129T021500Z-5e6f7a8b',
  label: 'events-2026-11-29',
  manifest: 'files/mf-manifest.5e6f7a8b.json',
  since: '2026-11-29T02:15:00.000Z',
  by: 'yusuf',
});
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', etag: '"1"' });
  res.end(pointer);
}).listen(3961, '127.0.0.1');
const base = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const lang of ['en', 'ta'])
  for (const width of [390, 1280]) {
    const ctx = await b.newContext({ viewport: { width, height: 900 }, isMobile: width < 500, hasTouch: width < 500 });
    const p = await ctx.newPage();
    await p.goto(`${base}/login`);
    await p.evaluate((l) => localStorage.setItem('ummahnotify.language', l), lang);
    await p
      .getByRole('link', { name: /Google/ })
      .first()
      .click()
      .catch(async () => {
        await p
          .getByRole('button', { name: /Google/ })
          .first()
          .click();
      });
    await p.getByRole('button', { name: 'Aisha Rahman' }).click();
    await p.goto(`${base}/dashboard/summary`);
    const card = p.getByTestId('section-builds');
    await card.getByTestId('section-build-events').waitFor();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `/tmp/shots/builds-${lang}-${width}.png` });
    if (width === 1280) await p.screenshot({ path: `/tmp/shots/summary-${lang}-${width}.png`, fullPage: true });
    await ctx.close();
  }
await b.close();
process.exit(0);
