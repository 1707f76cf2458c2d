// Loaded when the visitor first turns to the sign-up form (actions.ts): the texts said at run time in both languages
// (i18next with the catalogues: a refusal's key names the first section whose catalogue holds its text, so the
// page needs them all), the shared schemas (zod) and the reader of refusals. A visitor who only reads never loads it.
import { answerProblem, sectionText, unansweredProblem } from '@ummahnotify/client/public-app';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ummahnotify/core';
import { catalogues } from '@ummahnotify/domain';
import i18next from 'i18next';
import type { CallFailed } from './call';

export {
  emailSignupSchema,
  sgPhoneSchema,
  telegramSignupResponseSchema,
  whatsappConfirmSchema,
} from '@ummahnotify/domain';

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((l) => [l, Object.fromEntries(Object.entries(catalogues).map(([ns, texts]) => [ns, texts[l]]))]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(catalogues),
  defaultNS: 'signup',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** A `signup` text in a language. */
export function say(language: Language, key: string, values?: Record<string, string>): string {
  return i18n.getFixedT(language, 'signup')(key, values);
}

type Parsed = { success: true } | { success: false; error: { issues: { message: string }[] } };

function readers(language: Language) {
  return sectionText(i18n.getFixedT(language, 'signup'), i18n, 'signup');
}

/** The first message of a failed schema parse, in a language; null when it passed. */
export function firstProblem(parsed: Parsed, language: Language): string | null {
  return parsed.success ? null : readers(language).schemaText(parsed.error.issues[0]?.message ?? '');
}

/**
 * The server's own words for refusals (a 429's says how long to wait; a 503 says the channel is off), a plain
 * sentence for network failures and server faults, which carry no useful words.
 */
export function failureText(failed: CallFailed, language: Language): string {
  const problem = failed.status === undefined ? unansweredProblem(true) : answerProblem(failed.status, failed.body);
  const { status } = problem;
  if (status === undefined) return say(language, problem.unreachable ? 'networkError' : 'serverError');
  if (status === 500 || status > 503) return say(language, 'serverError');
  const said = readers(language).problemText(problem)?.trim();
  if (said) return said;
  return say(language, status === 429 ? 'tooManyRequests' : 'serverError');
}
