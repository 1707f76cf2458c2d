import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../shared/client/test/render';
import SummarySection from './SummarySection';

/** The summary section at /dashboard/summary, as the shell mounts it, for the tests of its cards. */
export function renderSummary() {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/summary/*" element={<SummarySection />} />
    </Routes>,
    { history: ['/dashboard/summary'] },
  );
}
