import { useAuthStore } from '@ummahnotify/client';
import { SmileMessage } from '@ummahnotify/client/section';
import { sectionsFor } from '@ummahnotify/domain';
import { Navigate } from 'react-router-dom';

/** /dashboard opens the first section this user may see. */
export function DashboardIndex() {
  const rights = useAuthStore((s) => s.rights);
  const first = sectionsFor(rights)[0];
  return first ? <Navigate to={first.key} replace /> : <SmileMessage />;
}
