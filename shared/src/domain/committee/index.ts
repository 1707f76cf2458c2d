/**
 * Committee members: the administrators (SPEC §2 "Committee members", "Members management table",
 * §3 "Committee member", §5). A committee member who is a backend user holds `rights` on the
 * Google account with the same verified email.
 */
export * from './answers';
export * from './paths';
export * from './schemas';
