import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from './Outcome';

const loadChecks = () => import('./checks');
type Checks = Awaited<ReturnType<typeof loadChecks>>;
export type SignupChecks = Checks & ReturnType<Checks['signupText']>;

/**
 * The sign-up texts, and `checks()`: the schemas and the reader of refusals, fetched on first use (`prefetch` starts
 * that as the visitor turns to the form). It answers null when they cannot be fetched (a bad connection).
 */
export function useSignupText() {
  const { t, i18n } = useTranslation('signup');
  const checks = useCallback(async (): Promise<SignupChecks | null> => {
    const loaded = await loadChecks().catch(() => null);
    return loaded && { ...loaded, ...loaded.signupText(t, i18n) };
  }, [t, i18n]);
  const prefetch = useCallback(() => void loadChecks().catch(() => {}), []);
  return { t, i18n, checks, prefetch };
}

/** A call to the server and the outcome to show once it succeeds. */
type Call = () => Promise<Outcome>;

/**
 * What a sign-up panel's buttons do. `act` fetches the checks (or says the network is unreachable), lets `prepare`
 * check the input with them and answer the call to make (null when there is nothing to send), then makes it: busy
 * meanwhile, its outcome shown after, a failure said in `sayFailure`'s words or else the reader of refusals'.
 */
export function useSignupAction() {
  const { t, checks } = useSignupText();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function act(
    prepare: (check: SignupChecks) => Call | null,
    sayFailure?: (error: unknown) => string | undefined,
  ): Promise<void> {
    const check = await checks();
    if (!check) return setOutcome({ type: 'error', text: t('networkError') });
    const call = prepare(check);
    if (!call) return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await call());
    } catch (error) {
      setOutcome({ type: 'error', text: sayFailure?.(error) ?? check.failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  return { t, busy, outcome, setOutcome, act };
}
