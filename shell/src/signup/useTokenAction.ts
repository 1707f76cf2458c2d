import { readApiProblem } from '@ummahnotify/shared/client';
import { tokenSchema } from '@ummahnotify/shared/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { post } from './api';

export type TokenActionState = 'working' | 'done' | 'invalid' | 'gone' | 'failed';

/**
 * POSTs the link's ?token= once the page has loaded (never on GET, so a mail scanner fetching the link
 * without running scripts changes nothing). The token's form is checked here first, so a 400 (or 404, 409,
 * 410) from the server means it is unknown, used or expired.
 */
export function useTokenAction(url: string): { state: TokenActionState; retry: () => void } {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<TokenActionState>('working');
  const [attempt, setAttempt] = useState(0);
  const sent = useRef(-1);

  useEffect(() => {
    if (sent.current === attempt) return;
    sent.current = attempt;
    if (!tokenSchema.safeParse({ token }).success) {
      setState('invalid');
      return;
    }
    setState('working');
    post(url, { token }).then(
      () => setState('done'),
      (error: unknown) => {
        const { status } = readApiProblem(error);
        setState(status === 400 || status === 404 || status === 409 || status === 410 ? 'gone' : 'failed');
      },
    );
  }, [url, token, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
