// Loaded when the visitor first turns to the sign-up form (see useSignupText): the shared schemas (zod) and the
// reader of refusals (it knows every section's texts). A visitor who only reads the notices never downloads them.
import { readApiProblem, sectionText } from '@ummahnotify/client/public-app';
import { catalogues } from '@ummahnotify/domain';
import { isAxiosError } from 'axios';
import type { i18n as I18n, TFunction } from 'i18next';
import { addPageTexts } from '../i18n';

export {
  emailSignupSchema,
  sgPhoneSchema,
  telegramSignupResponseSchema,
  whatsappConfirmSchema,
} from '@ummahnotify/domain';

// A refusal's key names the first section whose catalogue holds its text (an email address is also the members'
// field), so the page needs them all; the reader of refusals brought them into this chunk anyway. Once, on loading.
addPageTexts(catalogues);

type Parsed = { success: true } | { success: false; error: { issues: { message: string }[] } };

/** `firstProblem` for the first message of a failed schema parse, `failureText` for a failed call. */
export function signupText(t: TFunction, i18n: I18n) {
  const { schemaText, problemText } = sectionText(t, i18n, 'signup');
  const firstProblem = (parsed: Parsed): string | null =>
    parsed.success ? null : schemaText(parsed.error.issues[0]?.message ?? '');
  /**
   * The server's own words for refusals (a 429's says how long to wait; a 503 says the channel is off),
   * a plain sentence for network failures and server faults, which carry no useful words.
   */
  const failureText = (error: unknown): string => {
    const problem = readApiProblem(error);
    const { status } = problem;
    if (status === undefined) return isAxiosError(error) ? t('networkError') : t('serverError');
    if (status === 500 || status > 503) return t('serverError');
    const said = problemText(problem)?.trim();
    if (said) return said;
    return status === 429 ? t('tooManyRequests') : t('serverError');
  };
  return { firstProblem, failureText };
}
