import { theme } from '@ummahnotify/client/public-app';

/**
 * The dashboard's theme with unhashed class names and a fixed variables key, as the light public app's: the pages
 * drawn at build time (render.tsx) and the feed drawn by the server per request (landing/renderFeed.tsx) write the
 * same class names, so the CSS the build inlines draws both.
 */
export const PAGE_THEME = { ...theme, hashed: false, cssVar: { key: 'un-public' } };
