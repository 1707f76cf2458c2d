import { DASHBOARD_PATH } from '@ummahnotify/shared/domain';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';

// The dashboard is a chunk of its own (guard, layout, sidebar, remote loading).
const DashboardRoutes = lazy(() =>
  import('./dashboard/DashboardRoutes').then((module) => ({ default: module.DashboardRoutes })),
);

/**
 * A page of the light public app (every path outside the dashboard: landing, sign-in, /thanks, the links' pages,
 * 403): reached from here, as by `<Navigate to="/">` or the guard's way to /thanks, it is loaded anew.
 */
function LightAppPage() {
  useEffect(() => fullPageLoad.replace(window.location.href), []);
  return null;
}

/** The browser's own page load (a seam for tests: jsdom cannot load pages). */
export const fullPageLoad = { replace: (href: string) => window.location.replace(href) };

/** SPEC §2 route table: the shell draws the dashboard; the server sends the light public app's pages for the rest. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path={`${DASHBOARD_PATH}/*`} element={<DashboardRoutes />} />
        <Route path="*" element={<LightAppPage />} />
      </Routes>
    </Suspense>
  );
}
