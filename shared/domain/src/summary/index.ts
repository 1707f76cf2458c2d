/**
 * The superadmin's summary section (docs/product/screens.md#summary, data.md#summary, api.md, rights.md#activity-log): the
 * counts, the subscribers behind them, and the activity log.
 */
export * from './activity';
export * from './builds';
export * from './counts';
export * from './subscribers';
