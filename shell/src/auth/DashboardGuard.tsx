import { useAuthStore } from '@ummahnotify/client';
import { Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { decideGuard, type SessionCheck } from './guardDecision';
import { fetchSessionUser, logout } from './sessionApi';

/** Checks the session (spinner meanwhile) before the dashboard renders; see decideGuard for the rules. */
export function DashboardGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit; navigate changes on every route change
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const check: SessionCheck = await fetchSessionUser().then(
        (user) => ({ ok: true, user }),
        () => ({ ok: false }),
      );
      if (cancelled) return;
      const decision = decideGuard(check);
      if (decision.store) useAuthStore.getState().setUser(decision.store);
      if (decision.logout) await logout().catch(() => undefined);
      if (cancelled) return;
      if (decision.redirect) navigate(decision.redirect, { replace: true });
      else setAllowed(true);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  if (!allowed) return <Spin fullscreen description={t('checkingSession')} />;
  return children;
}
