/**
 * Janaza notices (SPEC §2 'Janaza notifications', §3 Notification and Provider, §4, §5; issue 15):
 * paths, limits, the schemas the server and the form share, the answers, how notices read, the
 * prayers a janaza prayer follows, and the duplicate warning.
 */
export * from './answers';
export * from './duplicates';
export * from './limits';
export * from './paths';
export * from './prayers';
export * from './schemas';
export * from './view';
