import { api } from '@ummahnotify/client/public-app';
import { API_PATHS, DASHBOARD_PATH } from '@ummahnotify/core';

/** docs/product/screens.md#login: a session of these roles is kept and goes on to the dashboard; any other ends on load. */
const ROLES_KEPT = ['admin', 'superadmin'];

/** The signed-in role (GET /api/protected's `rights`), or '' when there is no session or the call fails. */
async function sessionRole(): Promise<string> {
  try {
    const { data } = await api.get<{ rights?: unknown }>(API_PATHS.protected);
    return typeof data?.rights === 'string' ? data.rights : '';
  } catch {
    return '';
  }
}

/** A full page load: the dashboard is the shell's page, not the light public app's. */
export function openDashboard(): void {
  window.location.replace(DASHBOARD_PATH);
}

/**
 * What /login does on load: reads the session's role first, so an admin who opens a bookmarked /login stays
 * signed in and goes to the dashboard; every other session is ended. 'kept' or 'ended'; throws when
 * the logout call fails.
 */
export async function keepOrEndSession(): Promise<'kept' | 'ended'> {
  if (ROLES_KEPT.includes(await sessionRole())) return 'kept';
  await api.get(API_PATHS.logout);
  return 'ended';
}
