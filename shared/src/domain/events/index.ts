/**
 * Events (SPEC §2 'Events', §3 Event and the AI-extraction JSON, §4, §5): paths, limits, the schemas the
 * server and the form share, the answers, and the poster -> prompt -> AI JSON steps.
 */
export * from './ai';
export * from './answers';
export * from './limits';
export * from './paths';
export * from './schemas';
