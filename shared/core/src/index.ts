/**
 * @ummahnotify/core: what the server and every page share that needs no zod, no catalogue and no browser:
 * paths, languages, topics, sign-in errors, prayers, the fixed lists (enums), constants, time and date entry,
 * retention. The light public app reads it whole; biome.json refuses zod, @ummahnotify/domain and
 * @ummahnotify/client here (docs/decisions/2026-11-27-shared-split-by-who-uses-it.md).
 */
export * from './constants';
export * from './dateEntry';
export * from './enums';
export * from './languages';
export * from './paths';
export * from './prayers';
export * from './retention';
export * from './signIn';
export * from './time';
export * from './topics';
export * from './webApp';
