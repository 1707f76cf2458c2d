/**
 * Janaza notices (docs/product/screens.md#janaza-notifications, data.md#janaza-notice, rules.md#janaza-notice):
 * paths, limits, the schemas the server and the form share, the answers, how notices read, the
 * prayers a janaza prayer follows, and the duplicate warning.
 */
export * from './answers';
export * from './duplicates';
export * from './limits';
export * from './paths';
export * from './schemas';
export * from './view';
