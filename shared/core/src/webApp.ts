/**
 * The Home Screen web app (docs/product/api.md#the-home-screen-web-app): the manifest the server answers, its icons,
 * and the tags every page's head carries (the public pages' and the dashboard's), so that a phone adds the site to
 * its Home Screen as an app of its own, with its name and icon, opening without the browser's bars. On iPhone and
 * iPad that app is also the only place web push reaches.
 */

/** The product's name as the Home Screen shows it under the icon (12 characters at most fit there). */
export const APP_NAME = 'UmmahNotify';

/** The primary colour of the theme (the client's ui/theme.ts takes it from here): the icon's and the browser bar's. */
export const BRAND_COLOR = '#1f7a4d';

/** The pages' background (antd's layout colour): the splash screen's while the app opens. */
export const PAGE_BACKGROUND = '#f5f5f5';

/** Where the server answers the manifest (application/manifest+json). */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/** Where the server serves the icons (server/icons/, rendered from icon.svg by server/scripts/render-icons.ts). */
export const WEB_APP_ICONS_PATH = '/icons';

export interface WebAppIcon {
  file: string;
  /** Its width and height in pixels. */
  size: number;
  /** `any`: drawn as it is (rounded corners, transparent outside); `maskable`: full-bleed, the mark in the safe zone. */
  purpose: 'any' | 'maskable';
}

/** The manifest's icons: 192 and 512 px (Chrome's sizes), each as it is and maskable (Android's adaptive icons). */
export const WEB_APP_ICONS: readonly WebAppIcon[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-192.png', size: 192, purpose: 'maskable' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

/** iOS takes the Home Screen icon from `apple-touch-icon`, not the manifest: 180 px, full-bleed (iOS rounds it). */
export const APPLE_TOUCH_ICON = { file: 'apple-touch-icon.png', size: 180 } as const;

/** The tab's icon. */
export const FAVICON = WEB_APP_ICONS[0];

export const webAppIconUrl = (file: string) => `${WEB_APP_ICONS_PATH}/${file}`;

/**
 * The tags of the web app in a page's `<head>`, one a line (indented as `indent`): the manifest, the theme colour,
 * the icons, and what iOS reads instead of the manifest (apple-mobile-web-app-*: opening from the Home Screen without
 * Safari's bars, the name under the icon, a status bar like the page's white header).
 */
export function webAppHeadTags(indent = '    '): string {
  return [
    `<link rel="manifest" href="${WEB_APP_MANIFEST_PATH}" />`,
    `<meta name="theme-color" content="${BRAND_COLOR}" />`,
    `<link rel="icon" href="${webAppIconUrl(FAVICON.file)}" sizes="${FAVICON.size}x${FAVICON.size}" type="image/png" />`,
    `<link rel="apple-touch-icon" href="${webAppIconUrl(APPLE_TOUCH_ICON.file)}" sizes="${APPLE_TOUCH_ICON.size}x${APPLE_TOUCH_ICON.size}" />`,
    '<meta name="mobile-web-app-capable" content="yes" />',
    '<meta name="apple-mobile-web-app-capable" content="yes" />',
    `<meta name="apple-mobile-web-app-title" content="${APP_NAME}" />`,
    '<meta name="apple-mobile-web-app-status-bar-style" content="default" />',
  ].join(`\n${indent}`);
}
