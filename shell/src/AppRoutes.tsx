import { DASHBOARD_PATH } from '@ummahnotify/core';
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
  useEffect(() => {
    const href = window.location.href;
    // This document was itself sent for this URL (the light app's page file missing: a broken deploy, or a moment of
    // a dev rebuild): loading it again would reload without end.
    if (fullPageLoad.documentUrl() !== href) fullPageLoad.replace(href);
  }, []);
  return null;
}

/** The browser's own page loads (a seam for tests: jsdom cannot load pages). */
export const fullPageLoad = {
  replace: (href: string) => window.location.replace(href),
  /** The URL this document was loaded from (before any client-side navigation). */
  documentUrl: () => performance.getEntriesByType('navigation')[0]?.name,
};

/** docs/product/screens.md#route-table: the shell draws the dashboard; the server sends the light public app's pages for the rest. */
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
