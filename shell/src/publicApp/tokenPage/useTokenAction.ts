import { api } from '@ummahnotify/client/public-app';
import { LINK_TOKEN_PATTERN } from '@ummahnotify/core';
import { isAxiosError } from 'axios';
import { useEffect, useRef, useState } from 'react';

export type TokenActionState = 'working' | 'done' | 'invalid' | 'gone' | 'failed';

/** The server's answers that mean the link's token is unknown, used or expired (a fault is anything else). */
const GONE = [400, 404, 409, 410];

/**
 * POSTs the link's ?token= once the page has loaded (never on GET, so a mail scanner fetching the link
 * without running scripts changes nothing). The token's form is checked here first, so a 400 (or 404, 409,
 * 410) from the server means it is unknown, used or expired.
 */
export function useTokenAction(url: string): { state: TokenActionState; retry: () => void } {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [state, setState] = useState<TokenActionState>('working');
  const [attempt, setAttempt] = useState(0);
  const sent = useRef(-1);

  useEffect(() => {
    if (sent.current === attempt) return;
    sent.current = attempt;
    if (!LINK_TOKEN_PATTERN.test(token)) {
      setState('invalid');
      return;
    }
    setState('working');
    api.post(url, { token }).then(
      () => setState('done'),
      (error: unknown) => {
        // Only the status matters here; readApiProblem would bring every section's catalogue into the page.
        const status = isAxiosError(error) ? error.response?.status : undefined;
        setState(status !== undefined && GONE.includes(status) ? 'gone' : 'failed');
      },
    );
  }, [url, token, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
