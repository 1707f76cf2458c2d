/**
 * Members, masjids and partners (docs/product/screens.md#members, data.md#member, rules.md).
 * One set of schemas for the server's routes and the remote's antd forms; their messages are the
 * English side of the members catalogue, so the API answers each with its key.
 */
export * from './answers';
export * from './paths';
export * from './schemas';
