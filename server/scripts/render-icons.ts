// Renders the web app's icons (server/icons/*.png, committed) from their one source, server/icons/icon.svg:
// `npm run icons -w server` after changing the SVG. Nothing renders them at install or at run time; the server only
// serves the files (docs/product/api.md#the-home-screen-web-app).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPLE_TOUCH_ICON, BRAND_COLOR, WEB_APP_ICONS, type WebAppIcon } from '@ummahnotify/core';
import sharp from 'sharp';

export const ICONS_DIR = fileURLToPath(new URL('../icons/', import.meta.url));
export const ICON_SOURCE = join(ICONS_DIR, 'icon.svg');

/** The SVG's own width (its viewBox): rendered at 72 dpi it is this many pixels wide. */
const SOURCE_SIZE = 512;

/** The corner radius of an icon drawn as it is, as a share of its size (about iOS's own rounding). */
const CORNER = 0.225;

/**
 * How an icon is drawn: `full-bleed`, the source as it is, opaque (a maskable icon, which the phone cuts to its own
 * shape; iOS's, which it rounds itself and whose transparency it shows black); `rounded`, with rounded corners,
 * transparent outside (an icon of purpose `any`, shown as it is drawn).
 */
export type IconShape = 'full-bleed' | 'rounded';

/** One icon as PNG bytes, `size` pixels square. */
export async function renderIcon(svg: Buffer, size: number, shape: IconShape): Promise<Buffer> {
  const drawn = sharp(svg, { density: (72 * size) / SOURCE_SIZE }).resize(size, size);
  const png = { compressionLevel: 9, adaptiveFiltering: true, palette: true, quality: 100, effort: 10 } as const;
  if (shape === 'full-bleed') return drawn.flatten({ background: BRAND_COLOR }).png(png).toBuffer();
  const radius = Math.round(size * CORNER);
  const corners = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#fff"/></svg>`,
  );
  return drawn
    .composite([{ input: corners, blend: 'dest-in' }])
    .png(png)
    .toBuffer();
}

/** Every icon the manifest and the pages name, with how it is drawn. */
export const RENDERED: readonly { file: string; size: number; shape: IconShape }[] = [
  ...WEB_APP_ICONS.map(({ file, size, purpose }: WebAppIcon) => ({
    file,
    size,
    shape: purpose === 'maskable' ? ('full-bleed' as const) : ('rounded' as const),
  })),
  { ...APPLE_TOUCH_ICON, shape: 'full-bleed' },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const svg = readFileSync(ICON_SOURCE);
  for (const icon of RENDERED) {
    const bytes = await renderIcon(svg, icon.size, icon.shape);
    writeFileSync(join(ICONS_DIR, icon.file), bytes);
    console.log(`server/icons/${icon.file}: ${icon.size} px, ${icon.shape}, ${bytes.length} bytes`);
  }
}
