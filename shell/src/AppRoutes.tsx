import { SmileMessage } from '@ummahnotify/shared/client';
import { DASHBOARD_PATH, SECTIONS, SIGNUP_PAGES } from '@ummahnotify/shared/domain';
import { Route, Routes } from 'react-router-dom';
import { DashboardGuard } from './auth/DashboardGuard';
import { DashboardIndex } from './dashboard/DashboardIndex';
import { SectionRoute } from './dashboard/SectionRoute';
import { DashboardLayout } from './layout/DashboardLayout';
import { ForbiddenPage } from './pages/ForbiddenPage';
import { LandingPage } from './pages/LandingPage';
import { LoginPage } from './pages/LoginPage';
import { ThanksPage } from './pages/ThanksPage';
import { ConfirmEmailPage } from './signup/ConfirmEmailPage';
import { UnsubscribePage } from './signup/UnsubscribePage';

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
        path={DASHBOARD_PATH}
        element={
          <DashboardGuard>
            <DashboardLayout />
          </DashboardGuard>
        }
      >
        <Route index element={<DashboardIndex />} />
        {SECTIONS.map((section) => (
          <Route key={section.key} path={`${section.key}/*`} element={<SectionRoute section={section} />} />
        ))}
        <Route path="*" element={<SmileMessage />} />
      </Route>
      <Route path="*" element={<ForbiddenPage />} />
    </Routes>
  );
}
