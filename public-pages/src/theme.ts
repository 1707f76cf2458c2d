// The theme alone: the server loads this module (landing/renderFeed.tsx), which needs none of the client's API code.
import { theme } from '@ummahnotify/client/theme';

/**
 * The dashboard's theme with unhashed class names and a fixed variables key: the pages drawn at build time
 * (render.tsx) and the feed drawn by the server per request (landing/renderFeed.tsx) write the same class names, so
 * the CSS the build inlines draws both.
 */
export const PAGE_THEME = { ...theme, hashed: false, cssVar: { key: 'un-public' } };
