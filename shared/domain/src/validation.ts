import type { z } from 'zod';
import type { ApiErrorBody, FieldError, FieldProblem } from './api';
import { catalogues, type Namespace } from './i18n';

/** The sections whose shared schemas and server features word their refusals with their catalogue's texts. */
const WORDED_FROM_CATALOGUE: readonly Namespace[] = ['janaza', 'delivery', 'events', 'members', 'committee', 'signup'];

/** A field message no catalogue holds is answered under this key, which shows it as it was sent. */
export const UNLISTED_MESSAGE_KEY = 'common:error.unlisted';

export interface MessageKey {
  key: string;
  params: Record<string, string>;
}

const CORRECTION_REFUSALS = ['concurrent', 'neverSent', 'notFound', 'notPublished', 'rejected'];
/** Keys of the texts a server refuses with (the rest are the screens' own texts, such as buttons). */
export const isRefusalKey = (key: string): boolean =>
  /^(error|server)\./.test(key) ||
  key === 'duplicate.found' ||
  CORRECTION_REFUSALS.some((name) => key === `correction.${name}`);

const PLACEHOLDERS = /\{\{\w+\}\}/g;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English text -> namespaced key (the first section holding a text wins; its twins have the same Tamil). */
const KEY_OF_TEXT = new Map<string, string>();
/** Texts with {{placeholders}}, as patterns that give the placeholders' values back. */
const TEMPLATES: { key: string; pattern: RegExp }[] = [];
for (const ns of WORDED_FROM_CATALOGUE) {
  for (const [key, english] of Object.entries(catalogues[ns].en as Record<string, string>)) {
    if (!isRefusalKey(key)) continue;
    if (!english.includes('{{')) {
      if (!KEY_OF_TEXT.has(english)) KEY_OF_TEXT.set(english, `${ns}:${key}`);
      continue;
    }
    // A text that is only placeholders ('{{detail}}') would match any message.
    if (english.replace(PLACEHOLDERS, '').trim() === '') continue;
    const pattern = escapeRegExp(english).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)');
    TEMPLATES.push({ key: `${ns}:${key}`, pattern: new RegExp(`^${pattern}$`) });
  }
}

/**
 * The catalogue key (and placeholder values) of a message the server words from a section's catalogue,
 * so the API can answer it with the key; undefined for a message no catalogue holds.
 */
export function messageKey(message: string): MessageKey | undefined {
  const key = KEY_OF_TEXT.get(message);
  if (key) return { key, params: {} };
  for (const { key, pattern } of TEMPLATES) {
    const match = pattern.exec(message);
    if (match) return { key, params: { ...match.groups } };
  }
  return undefined;
}

/** A refused field with the catalogue key that says it in the reader's language. */
export function fieldError({ path, message }: FieldProblem): FieldError {
  const said = messageKey(message);
  return said ? { path, message, ...said } : unlisted(path, message);
}

/** A field answered without its key (a server older than the key) is shown as it was sent. */
export function withKey(error: FieldProblem & Partial<MessageKey>): FieldError {
  const { path, message, key, params } = error;
  return typeof key === 'string' ? { path, message, key, params: params ?? {} } : unlisted(path, message);
}

const unlisted = (path: string, message: string): FieldError => ({
  path,
  message,
  key: UNLISTED_MESSAGE_KEY,
  params: { message },
});

/** The message of a 400 for bad input: the first refused field named in it. */
export function checkInputMessage(first: FieldProblem | undefined): string {
  if (!first) return 'Please check your input';
  return `Please check your input: ${first.path ? `${first.path} ` : ''}${first.message}`;
}

/** Turns zod issues into the API's `errors: [{path, message, key, params}]` list (also used to mark form fields). */
export function issuesToErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => fieldError({ path: i.path.join('.'), message: i.message }));
}

/**
 * The answer to a refusal. Each field error carries its catalogue key and values, and so does the
 * message when a section's catalogue words it (or `said` gives it), so a client shows both in the
 * reader's language.
 */
export function refusalBody(
  code: number,
  message: string,
  errors?: FieldProblem[],
  said?: Partial<MessageKey>,
): ApiErrorBody {
  return { code, message, ...(errors ? { errors: errors.map(fieldError) } : {}), ...(said ?? messageKey(message)) };
}
