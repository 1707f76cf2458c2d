/**
 * Committee members: the administrators (docs/product/screens.md#committee-members,
 * data.md#committee-member, rules.md#committee-member). A committee member who is a backend user holds `rights` on the
 * Google account with the same verified email.
 */
export * from './answers';
export * from './paths';
export * from './schemas';
