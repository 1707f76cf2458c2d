import { readApiProblem, useSectionText } from '@ummahnotify/shared/client';
import { isAxiosError } from 'axios';
import { useCallback } from 'react';

type Parsed = { success: true } | { success: false; error: { issues: { message: string }[] } };

/**
 * The sign-up pages' texts, with the shared reader of refusals (the sections' kit): `firstProblem` for
 * the first message of a failed schema parse, `failureText` for a failed call, both in the language on screen.
 */
export function useSignupText() {
  const { t, schemaText, problemText } = useSectionText('signup');

  const firstProblem = useCallback(
    (parsed: Parsed): string | null => (parsed.success ? null : schemaText(parsed.error.issues[0]?.message ?? '')),
    [schemaText],
  );

  /**
   * The server's own words for refusals (a 429's says how long to wait; a 503 says the channel is off),
   * a plain sentence for network failures and server faults, which carry no useful words.
   */
  const failureText = useCallback(
    (error: unknown): string => {
      const problem = readApiProblem(error);
      const { status } = problem;
      if (status === undefined) return isAxiosError(error) ? t('networkError') : t('serverError');
      if (status === 500 || status > 503) return t('serverError');
      const said = problemText(problem)?.trim();
      if (said) return said;
      return status === 429 ? t('tooManyRequests') : t('serverError');
    },
    [t, problemText],
  );

  return { t, firstProblem, failureText };
}
