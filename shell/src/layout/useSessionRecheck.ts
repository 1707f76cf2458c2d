import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchSessionUser, logout } from '../auth/sessionApi';

/** docs/product/screens.md#layout: it checks the protected endpoint; on failure it logs out and goes to /. */
export function useSessionRecheck(): void {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; navigate changes on every route change
  useEffect(() => {
    let cancelled = false;
    fetchSessionUser()
      .then((user) => {
        if (!user) throw new Error('The session check returned nothing.');
      })
      .catch(async () => {
        await logout().catch(() => undefined);
        if (!cancelled) navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, []);
}
