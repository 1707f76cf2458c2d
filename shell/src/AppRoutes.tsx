import { DASHBOARD_PATH, SIGNUP_PAGES } from '@ummahnotify/shared/domain';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Each page is a chunk of its own, so a page loads only its own code: the landing page none of the dashboard's
// (guard, layout, sidebar, remote loading), /login none of the landing page's sign-up forms.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const LandingPage = page(() => import('./pages/LandingPage'), 'LandingPage');
const LoginPage = page(() => import('./pages/LoginPage'), 'LoginPage');
const ThanksPage = page(() => import('./pages/ThanksPage'), 'ThanksPage');
const ForbiddenPage = page(() => import('./pages/ForbiddenPage'), 'ForbiddenPage');
const ConfirmEmailPage = page(() => import('./signup/ConfirmEmailPage'), 'ConfirmEmailPage');
const UnsubscribePage = page(() => import('./signup/UnsubscribePage'), 'UnsubscribePage');
const DashboardRoutes = page(() => import('./dashboard/DashboardRoutes'), 'DashboardRoutes');

/** SPEC §2 route table. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/thanks" element={<ThanksPage />} />
        <Route path={SIGNUP_PAGES.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={SIGNUP_PAGES.unsubscribe} element={<UnsubscribePage />} />
        <Route path={`${DASHBOARD_PATH}/*`} element={<DashboardRoutes />} />
        <Route path="*" element={<ForbiddenPage />} />
      </Routes>
    </Suspense>
  );
}
