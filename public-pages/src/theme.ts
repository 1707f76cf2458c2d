import { theme } from '@ummahnotify/client/public-app';

/** The dashboard's theme with unhashed class names and a fixed variables key: the build and the server draw alike. */
export const PAGE_THEME = { ...theme, hashed: false, cssVar: { key: 'un-public' } };
