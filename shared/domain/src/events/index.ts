/**
 * Events (docs/product/screens.md#events, data.md#event, rules.md#event): paths, limits, the schemas the
 * server and the form share, the answers, and the poster -> prompt -> AI JSON steps.
 */
export * from './ai';
export * from './answers';
export * from './limits';
export * from './paths';
export * from './schemas';
