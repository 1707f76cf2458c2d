import { API_PATHS, DASHBOARD_PATH, SIGN_IN_ERRORS } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';
import { callApi, marked, navigate, show, startPage } from './page';

/**
 * docs/product/screens.md#login: a session of these rights goes on to the dashboard (the staff, as the dashboard's
 * guard lets them in: docs/product/rights.md#roles); any other is named, and ended only if its owner asks.
 */
const DASHBOARD_RIGHTS = ['superadmin', 'admin', 'editor'];

/**
 * The signed-in account (GET /api/auth/session, which answers null rather than refusing: a 401 on every visit of
 * someone signed out would be an error in the browser's console), or null when there is none or the call fails.
 */
async function sessionUser(config: AppConfig): Promise<{ rights: string; name: string } | null> {
  try {
    const response = await callApi(config, API_PATHS.session);
    const answer = (response.ok ? await response.json() : null) as { user?: Record<string, unknown> | null } | null;
    const data = answer?.user;
    if (!data) return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return { rights: text(data.rights), name: text(data.email) || text(data.fName) };
  } catch {
    return null;
  }
}

/** The "Sign out" button: a POST (a write: the server checks it comes from our own pages), then the page says so. */
async function signOut(config: AppConfig, buttons: HTMLElement[]): Promise<void> {
  for (const button of buttons) button.setAttribute('disabled', '');
  const ended = await callApi(config, API_PATHS.logout, { method: 'POST' }).then(
    (response) => response.ok,
    () => false,
  );
  for (const button of buttons) button.removeAttribute('disabled');
  const failed = marked('logout-failed');
  show(failed, !ended);
  if (!ended) {
    console.error(failed[0]?.dataset.logoutFailed);
    return;
  }
  show(marked('signed-in'), false);
  show(marked('signed-out'));
}

/**
 * What /login does on load: reads the session first, so a staff member who opens a bookmarked /login stays signed in
 * and goes to the dashboard (a full page load: the dashboard is the shell's page). Any other session is shown with a
 * "Sign out" button and kept: the page never signs anyone out by itself, so a link to it from another site changes
 * nothing. A refused sign-in comes back here with `?error=`, and the page says why.
 */
startPage(async (config) => {
  const error = new URLSearchParams(window.location.search).get('error');
  const known = SIGN_IN_ERRORS.find((e) => e === error);
  if (known) show(marked('error', known));
  const user = await sessionUser(config);
  if (!user) return;
  if (DASHBOARD_RIGHTS.includes(user.rights)) {
    navigate(DASHBOARD_PATH);
    return;
  }
  for (const place of marked('signed-in-as')) place.textContent = user.name;
  const buttons = marked('sign-out');
  for (const button of buttons) button.addEventListener('click', () => void signOut(config, buttons));
  show(marked('signed-in'));
});
