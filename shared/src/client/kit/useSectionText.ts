import {
  checkInputMessage,
  fieldError,
  type MessageKey,
  type Namespace,
  UNLISTED_MESSAGE_KEY,
} from '@ummahnotify/shared/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiProblem } from './apiProblem';

/** The server's message is its first refused field's, which a client says in the reader's language. */
function namesFirstField({ message, errors: [first] }: ApiProblem): boolean {
  if (!first || first.key === UNLISTED_MESSAGE_KEY) return false;
  return message === first.message || message === checkInputMessage(first);
}

/**
 * `t` of a section's namespace, plus what the shared schema and the server refuse in the language on
 * screen: `say` for a key with its values (a refused field of an answer), `schemaText` for a schema
 * message met in the browser, `problemText` for a refused call's message (one no catalogue holds is shown as sent).
 * The public sign-up pages use it too (from `@ummahnotify/shared/client`).
 */
export function useSectionText<NS extends Namespace>(ns: NS) {
  const { t, i18n } = useTranslation(ns);
  const say = useCallback(
    ({ key, params }: MessageKey): string => t(key as never, params as never) as unknown as string,
    [t],
  );
  const schemaText = useCallback((message: string) => say(fieldError({ path: '', message })), [say]);
  const problemText = useCallback(
    (p: ApiProblem): string | undefined => {
      // A key this build's catalogues lack (a newer server) is shown in the words it was sent with.
      if (p.said && i18n.exists(p.said.key, { ns })) return say(p.said);
      return namesFirstField(p) ? say(p.errors[0] as MessageKey) : p.message;
    },
    [say, i18n, ns],
  );
  return { t, i18n, say, schemaText, problemText };
}
