/**
 * The superadmin's summary section (SPEC §2 "Summary page", §3 "Summary record", §7; issue 15): the
 * counts, the subscribers behind them, and the activity log.
 */
export * from './activity';
export * from './counts';
export * from './subscribers';
