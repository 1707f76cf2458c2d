/** Why a sign-in came back to the login page (`/login?error=...`); each has a message in both languages. */
export const SIGN_IN_ERRORS = ['expired', 'failed', 'unverified', 'account-bound', 'demo-account'] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];
