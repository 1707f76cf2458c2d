import { readApiProblem } from '@ummahnotify/client/section';
import { type DuplicateMatch, duplicateNoticesAnswerSchema } from '@ummahnotify/domain';
import { useCallback, useRef, useState } from 'react';

/**
 * The create form's side of the duplicate warning (docs/product/rules.md#janaza-notice). `caught(error)` takes the server's 409
 * with its matching notices (true: the form shows them instead of an error); `createAnyway(submit)`
 * sends the same form again with `confirmDuplicate: true`; `confirming()` tells the submit whether
 * this sending is that one. A successful create calls `clear()`.
 */
export function useDuplicateWarning() {
  const [matches, setMatches] = useState<DuplicateMatch[]>([]);
  const confirm = useRef(false);

  const caught = useCallback((error: unknown): boolean => {
    confirm.current = false;
    const problem = readApiProblem(error);
    if (problem.status !== 409) return false;
    const answer = duplicateNoticesAnswerSchema.safeParse(problem.body);
    if (!answer.success) return false;
    setMatches(answer.data.duplicates);
    return true;
  }, []);
  const confirming = useCallback(() => {
    const now = confirm.current;
    confirm.current = false;
    return now;
  }, []);
  const createAnyway = useCallback((submit: () => void) => {
    confirm.current = true;
    submit();
  }, []);
  const clear = useCallback(() => {
    confirm.current = false;
    setMatches([]);
  }, []);

  return { matches, caught, confirming, createAnyway, clear };
}
