import { catalogues, type FieldProblem, type Language, type Topic } from '@ummahnotify/shared/domain';
import { HttpError } from '../../web/errors';

type SignupKey = Extract<keyof (typeof catalogues.delivery)['en'], `signup.${string}`>;

/** A sign-up reply (Telegram, WhatsApp) in the subscriber's language, {{placeholders}} filled. */
export function signupText(language: Language, key: SignupKey, values: Record<string, string> = {}): string {
  return catalogues.delivery[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export function topicNames(language: Language, topics: Topic[]): string {
  return topics
    .map((t) => signupText(language, t === 'janaza' ? 'signup.topicJanaza' : 'signup.topicEvents'))
    .join(', ');
}

export type RefusalKey = Extract<keyof (typeof catalogues.signup)['en'], `server.${string}`>;

/**
 * A refusal the public sign-up pages show: the English message from the sign-up catalogue, with its
 * key and values so the page shows it in the visitor's language (the answer's key and params).
 */
export function refusal(
  status: number,
  key: RefusalKey,
  params: Record<string, string> = {},
  errors?: FieldProblem[],
): HttpError {
  const message = catalogues.signup.en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
  return new HttpError(status, message, errors, { key, params });
}

/** The English text of a refusal, as the server answers it (for tests and logs). */
export const refusalText = (key: RefusalKey): string => catalogues.signup.en[key];
