import { useAuthStore } from '@ummahnotify/client';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * Only a superadmin may see the members and committee sections (docs/product/screens.md, rights.md); anyone else is sent
 * to `/`. The shell checks too, but a remote is deployed on its own and must not rely on that.
 */
export function SuperadminOnly({ children }: { children: ReactNode }) {
  const rights = useAuthStore((s) => s.rights);
  if (rights !== 'superadmin') return <Navigate to="/" replace />;
  return children;
}
