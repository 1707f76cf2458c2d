import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from './Outcome';

const loadChecks = () => import('./checks');
type Checks = Awaited<ReturnType<typeof loadChecks>>;
export type SignupChecks = Checks & ReturnType<Checks['signupText']>;

/**
 * The sign-up texts, and `checks()`: the schemas and the reader of refusals, fetched on first use (`prefetch` starts
 * that as the visitor turns to the form). It answers null when they cannot be fetched (a bad connection); then
 * `unreachable` is what to say.
 */
export function useSignupText() {
  const { t, i18n } = useTranslation('signup');
  const checks = useCallback(async (): Promise<SignupChecks | null> => {
    const loaded = await loadChecks().catch(() => null);
    return loaded && { ...loaded, ...loaded.signupText(t, i18n) };
  }, [t, i18n]);
  const prefetch = useCallback(() => void loadChecks().catch(() => {}), []);
  const unreachable: Outcome = { type: 'error', text: t('networkError') };
  return { t, i18n, checks, prefetch, unreachable };
}
