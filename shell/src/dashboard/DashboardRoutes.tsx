import { SmileMessage } from '@ummahnotify/client/section';
import { SECTIONS } from '@ummahnotify/domain';
import { Route, Routes } from 'react-router-dom';
import { DashboardGuard } from '../auth/DashboardGuard';
import { DashboardLayout } from '../layout/DashboardLayout';
import { DashboardIndex } from './DashboardIndex';
import { SectionRoute } from './SectionRoute';

/**
 * Everything under /dashboard: the guard, the layout with its sidebar and the sections. Loaded on its own
 * (AppRoutes imports it lazily), so the public pages carry none of it.
 */
export function DashboardRoutes() {
  return (
    <Routes>
      <Route
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
    </Routes>
  );
}
