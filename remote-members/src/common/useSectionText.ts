import { catalogues } from '@ummahnotify/shared/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type CallProblem, callProblem } from './callProblem';

type SectionNamespace = 'members' | 'committee';

interface Lookup {
  /** English schema message -> its `v.*` key. */
  validation: Map<string, string>;
  /** `server.*` keys with their English template turned into a pattern ({{email}} -> a named group). */
  server: { key: string; pattern: RegExp }[];
}

function lookupFor(ns: SectionNamespace): Lookup {
  const entries = Object.entries(catalogues[ns].en as Record<string, string>);
  const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    validation: new Map(entries.filter(([k]) => k.startsWith('v.')).map(([k, english]) => [english, k])),
    server: entries
      .filter(([k]) => k.startsWith('server.'))
      .map(([key, english]) => ({
        key,
        pattern: new RegExp(`^${escapeRegExp(english).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)')}$`),
      })),
  };
}

const LOOKUPS: Record<SectionNamespace, Lookup> = { members: lookupFor('members'), committee: lookupFor('committee') };

/**
 * `t` of a section's namespace, plus translators for the shared schema's messages and the server's
 * refusals, so both read in the chosen language (unknown ones pass through in English).
 */
export function useSectionText(ns: SectionNamespace) {
  const { t, i18n } = useTranslation(ns);
  const lookup = LOOKUPS[ns];

  const validation = useCallback(
    (english: string | undefined): string => {
      if (!english) return '';
      const key = lookup.validation.get(english);
      return key ? t(key) : english;
    },
    [t, lookup],
  );

  /** The server's message in the chosen language: a known refusal, a schema message, or as it came. */
  const serverMessage = useCallback(
    (problem: CallProblem): string | undefined => {
      const message = problem.message?.replace(/^Please check your input: \S+ /, '');
      if (!message) return problem.status === undefined ? t('common:networkError') : undefined;
      for (const { key, pattern } of lookup.server) {
        const match = pattern.exec(message);
        if (match) return t(key, match.groups ?? {});
      }
      return lookup.validation.has(message) ? validation(message) : (problem.message ?? message);
    },
    [t, lookup, validation],
  );

  /** A toast's second line: "Details: …" from whatever the call failed with. */
  const details = useCallback(
    (error: unknown): string | undefined => {
      const text = serverMessage(callProblem(error));
      return text ? t('errorDetails', { message: text }) : undefined;
    },
    [serverMessage, t],
  );

  return { t, i18n, validation, serverMessage, details };
}
