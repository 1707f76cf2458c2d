import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from './Outcome';
import { ProofUnsolved } from './proofUnsolved';

const loadChecks = () => import('./checks');
const loadProof = () => import('./proof');
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
  const prefetch = useCallback(() => {
    loadChecks().catch(() => {});
    loadProof().catch(() => {});
  }, []);
  return { t, i18n, checks, prefetch };
}

/** A call to the server and the outcome to show once it succeeds. */
type Call = () => Promise<Outcome>;

/**
 * What a sign-up panel's buttons do. `act` fetches the checks (or says the network is unreachable), lets `prepare`
 * check the input with them and answer the call to make (null when there is nothing to send), then makes it: busy
 * meanwhile, its outcome shown after, a failure said in `sayFailure`'s words or else the reader of refusals'.
 * `prove` (inside a call) fetches and solves the server's proof-of-work challenge; `proving` is true meanwhile.
 */
export function useSignupAction() {
  const { t, checks } = useSignupText();
  const [busy, setBusy] = useState(false);
  const [proving, setProving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function prove() {
    setProving(true);
    try {
      return await (await loadProof()).solveProof();
    } finally {
      setProving(false);
    }
  }

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
      const text = error instanceof ProofUnsolved ? t('proofFailed') : sayFailure?.(error);
      setOutcome({ type: 'error', text: text ?? check.failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  return { t, busy, proving, prove, outcome, setOutcome, act };
}
