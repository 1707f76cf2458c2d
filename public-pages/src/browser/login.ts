import { API_PATHS, DASHBOARD_PATH, SIGN_IN_ERRORS } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';
import { callApi, marked, navigate, show, startPage } from './page';

/** docs/product/screens.md#login: a session of these roles is kept and goes on to the dashboard; any other ends on load. */
const ROLES_KEPT = ['admin', 'superadmin'];

/** The signed-in role (GET /api/protected's `rights`), or '' when there is no session or the call fails. */
async function sessionRole(config: AppConfig): Promise<string> {
  try {
    const response = await callApi(config, API_PATHS.protected);
    const data: unknown = response.ok ? await response.json() : null;
    const rights = (data as { rights?: unknown } | null)?.rights;
    return typeof rights === 'string' ? rights : '';
  } catch {
    return '';
  }
}

/**
 * What /login does on load: reads the session's role first, so an admin who opens a bookmarked /login stays signed
 * in and goes to the dashboard (a full page load: the dashboard is the shell's page); every other session is ended.
 * A refused sign-in comes back here with `?error=`, and the page says why.
 */
startPage(async (config) => {
  const error = new URLSearchParams(window.location.search).get('error');
  const known = SIGN_IN_ERRORS.find((e) => e === error);
  if (known) show(marked('error', known));
  if (ROLES_KEPT.includes(await sessionRole(config))) {
    navigate(DASHBOARD_PATH);
    return;
  }
  const ended = await callApi(config, API_PATHS.logout).then(
    (response) => response.ok,
    () => false,
  );
  if (!ended) {
    const alerts = marked('logout-failed');
    console.error(alerts[0]?.dataset.logoutFailed);
    show(alerts);
  }
});
