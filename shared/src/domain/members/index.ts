/**
 * Members, masjids and partners (SPEC §2 "Members section", §3 "Member (admin member record)", §5).
 * One set of schemas for the server's routes and the remote's antd forms; their messages are the
 * English side of the members catalogue, so the API answers each with its key.
 */
export * from './answers';
export * from './paths';
export * from './schemas';
