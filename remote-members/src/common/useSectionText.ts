import { readApiProblem, useSectionText as useKitText } from '@ummahnotify/client/section';
import { useCallback } from 'react';

/** The kit's section text, plus `details`: a toast's second line, "Details: …", from whatever a call failed with. */
export function useSectionText(ns: 'members' | 'committee') {
  const text = useKitText(ns);
  const { t, problemText } = text;
  const details = useCallback(
    (error: unknown): string | undefined => {
      const p = readApiProblem(error);
      const said = problemText(p) ?? (p.status === undefined ? t('common:networkError') : undefined);
      return said ? t('errorDetails', { message: said }) : undefined;
    },
    [problemText, t],
  );
  return { ...text, details };
}
