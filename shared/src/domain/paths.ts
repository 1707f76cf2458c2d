// No zod here: the light public app (shell/src/publicApp) imports these without the schemas.

/** Paths the dashboard calls (SPEC §7). Server routes and the client use these same names. */
export const API_PATHS = {
  signIn: '/api/auth/google',
  signInCallback: '/api/auth/google/callback',
  logout: '/api/auth/google/logout',
  protected: '/api/protected',
  health: '/healthz',
  appConfig: '/app-config.json',
  /** A superadmin binds an account to the Google account whose sign-in it refused (issue 13). */
  linkSignIn: '/api/v1/admin/users/:id/link-sign-in',
  /** Accounts whose email a sign-in from another Google account was refused for, waiting for that link. */
  refusedSignIns: '/api/v1/admin/users/refused-sign-ins',
} as const;

export const REMOTE_NAMES = ['janaza', 'events', 'members', 'summary'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The signed-out pages the light public app serves (no antd, no federation); the server sends them its page. */
export const PUBLIC_APP_PAGES = ['/login'] as const;
export type PublicAppPage = (typeof PUBLIC_APP_PAGES)[number];

/** The light public app's page a URL names (its query and a final slash ignored), or undefined. */
export function publicAppPage(url: string): PublicAppPage | undefined {
  const path = url.split('?')[0].replace(/(.)\/+$/, '$1');
  return PUBLIC_APP_PAGES.find((page) => page === path);
}
