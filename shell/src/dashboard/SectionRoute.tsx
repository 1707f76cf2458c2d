import { useAuthStore } from '@ummahnotify/client';
import type { Rights, SectionDef } from '@ummahnotify/domain';
import { Navigate } from 'react-router-dom';
import { RemoteSection } from '../remotes/RemoteSection';

/** A section the user's rights do not allow sends them to / (docs/product/rights.md); otherwise its remote renders. */
export function SectionRoute({ section }: { section: SectionDef }) {
  const rights = useAuthStore((s) => s.rights);
  if (!section.rights.includes(rights as Rights)) return <Navigate to="/" replace />;
  // Keyed by section: moving to another section must not keep the previous one's error or retry count.
  return <RemoteSection key={section.key} section={section} />;
}
