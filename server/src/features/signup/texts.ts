import type { Language, Topic } from '@ummahnotify/core';
import { catalogues, type FieldProblem, fillIn } from '@ummahnotify/domain';
import { messages } from '@ummahnotify/domain/messages';
import { HttpError } from '../../web/errors';

type SignupKey = Extract<keyof (typeof messages)['en'], `signup.${string}`>;

/** A sign-up reply (Telegram, WhatsApp) in the subscriber's language, {{placeholders}} filled. */
export function signupText(language: Language, key: SignupKey, values: Record<string, string> = {}): string {
  return fillIn(messages[language][key], values);
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
  const message = fillIn(catalogues.signup.en[key], params);
  return new HttpError(status, message, errors, { key, params });
}

/** The English text of a refusal, as the server answers it (for tests and logs). */
export const refusalText = (key: RefusalKey): string => catalogues.signup.en[key];
