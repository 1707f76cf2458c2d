// Builds the static signed-out pages into dist/: first their scripts (rspack.config.ts), then each page's HTML drawn
// by antd (src/render.tsx) naming its script. The server sends dist/<entry>.html for the page's paths.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Stats } from '@rspack/core';
import { PUBLIC_PAGES_DIR, STATIC_PAGE_ENTRIES } from '@ummahnotify/core';
import { GLOBAL_CSS_ENTRY, scriptsConfig } from '../rspack.config';
import { STATIC_PAGES } from '../src/pages';
import { renderPage } from '../src/render';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const scripts = [...new Set(Object.values(STATIC_PAGES).map((page) => page.script))];

const stats = await new Promise<Stats>((resolve, reject) =>
  rspack(scriptsConfig(scripts)).run((error, result) => (error || !result ? reject(error) : resolve(result))),
);
if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
const { entrypoints = {} } = stats.toJson({ all: false, entrypoints: true });
const built = (entry: string, extension: string) =>
  entrypoints[entry]?.assets?.find((asset) => asset.name.endsWith(extension))?.name;

// Inlined in every page (its fonts' URLs are the built files'): no request before the page is drawn.
const globalCssFile = built(GLOBAL_CSS_ENTRY, '.css');
if (!globalCssFile) throw new Error('public-pages: the global CSS was not built');
// Without its source map's comment: relative to the page, not to the file.
const globalCss = readFileSync(join(dist, globalCssFile), 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\//, '');

for (const entry of STATIC_PAGE_ENTRIES) {
  const page = STATIC_PAGES[entry];
  const file = built(page.script, '.js');
  if (!file) throw new Error(`public-pages: no script was built for ${entry} (${page.script})`);
  const html = await renderPage(page, `/${PUBLIC_PAGES_DIR}/${file}`, globalCss);
  writeFileSync(join(dist, `${entry}.html`), html);
  console.log(`public-pages: ${entry}.html (${html.length} bytes) with ${file}`);
}
