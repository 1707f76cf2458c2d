import {
  checkInputMessage,
  fieldError,
  type MessageKey,
  type Namespace,
  UNLISTED_MESSAGE_KEY,
} from '@ummahnotify/domain';
import type { i18n as I18n, TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiProblem } from './apiProblem';

/** The server's message is its first refused field's, which a client says in the reader's language. */
function namesFirstField({ message, errors: [first] }: ApiProblem): boolean {
  if (!first || first.key === UNLISTED_MESSAGE_KEY) return false;
  return message === first.message || message === checkInputMessage(first);
}

/**
 * What the shared schema and the server refuse, in the language on screen: `say` for a key with its values (a
 * refused field of an answer), `schemaText` for a schema message met in the browser, `problemText` for a refused
 * call's message (one no catalogue holds is shown as sent). The light public app loads it on demand, outside a hook.
 */
export function sectionText(t: TFunction, i18n: I18n, ns: Namespace) {
  const say = ({ key, params }: MessageKey): string => t(key as never, params as never) as unknown as string;
  const schemaText = (message: string) => say(fieldError({ path: '', message }));
  const problemText = (p: ApiProblem): string | undefined => {
    // A key this build's catalogues lack (a newer server) is shown in the words it was sent with.
    if (p.said && i18n.exists(p.said.key, { ns })) return say(p.said);
    return namesFirstField(p) ? say(p.errors[0] as MessageKey) : p.message;
  };
  return { say, schemaText, problemText };
}

/** `t` of a section's namespace, with sectionText's readers in its language. */
export function useSectionText<NS extends Namespace>(ns: NS) {
  const { t, i18n } = useTranslation(ns);
  const text = useMemo(() => sectionText(t as TFunction, i18n, ns), [t, i18n, ns]);
  return { t, i18n, ...text };
}
