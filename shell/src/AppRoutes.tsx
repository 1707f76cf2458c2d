import { DASHBOARD_PATH, SIGNUP_PAGES } from '@ummahnotify/shared/domain';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ForbiddenPage } from './pages/ForbiddenPage';
import { LandingPage } from './pages/LandingPage';
import { LoginPage } from './pages/LoginPage';
import { ThanksPage } from './pages/ThanksPage';
import { ConfirmEmailPage } from './signup/ConfirmEmailPage';
import { UnsubscribePage } from './signup/UnsubscribePage';

// The dashboard's code (guard, layout, sidebar, remote loading) is a chunk of its own: public pages never load it.
const DashboardRoutes = lazy(() => import('./dashboard/DashboardRoutes'));

/** SPEC §2 route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/thanks" element={<ThanksPage />} />
      <Route path={SIGNUP_PAGES.confirmEmail} element={<ConfirmEmailPage />} />
      <Route path={SIGNUP_PAGES.unsubscribe} element={<UnsubscribePage />} />
      <Route
        path={`${DASHBOARD_PATH}/*`}
        element={
          <Suspense fallback={null}>
            <DashboardRoutes />
          </Suspense>
        }
      />
      <Route path="*" element={<ForbiddenPage />} />
    </Routes>
  );
}
