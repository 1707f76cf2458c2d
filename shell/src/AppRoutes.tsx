import { DASHBOARD_PATH, SIGNUP_PAGES } from '@ummahnotify/shared/domain';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';

// Each page is a chunk of its own, so a page loads only its own code: the landing page none of the dashboard's
// (guard, layout, sidebar, remote loading).
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const ThanksPage = page(() => import('./pages/ThanksPage'), 'ThanksPage');
const ForbiddenPage = page(() => import('./pages/ForbiddenPage'), 'ForbiddenPage');
const ConfirmEmailPage = page(() => import('./signup/ConfirmEmailPage'), 'ConfirmEmailPage');
const UnsubscribePage = page(() => import('./signup/UnsubscribePage'), 'UnsubscribePage');
const DashboardRoutes = page(() => import('./dashboard/DashboardRoutes'), 'DashboardRoutes');

/** A page of the light public app (PUBLIC_APP_PAGES): reached from here, as by `<Navigate to="/">`, it is loaded anew. */
function LightAppPage() {
  useEffect(() => fullPageLoad.replace(window.location.href), []);
  return null;
}

/** The browser's own page load (a seam for tests: jsdom cannot load pages). */
export const fullPageLoad = { replace: (href: string) => window.location.replace(href) };

/** SPEC §2 route table, but for / and /login: the light public app's pages (shell/src/publicApp), sent by the server. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<LightAppPage />} />
        <Route path="/thanks" element={<ThanksPage />} />
        <Route path={SIGNUP_PAGES.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={SIGNUP_PAGES.unsubscribe} element={<UnsubscribePage />} />
        <Route path={`${DASHBOARD_PATH}/*`} element={<DashboardRoutes />} />
        <Route path="*" element={<ForbiddenPage />} />
      </Routes>
    </Suspense>
  );
}
