import { catalogues } from '@ummahnotify/shared/domain';
import axios from 'axios';
import type { TFunction } from 'i18next';

const english = catalogues.signup.en;
type Key = keyof typeof english;

/**
 * Schema messages are English; the catalogue keeps each one under `validation.<English>`, so the page
 * shows its twin in the language on screen (an unknown message is shown as given). Server refusals
 * come with their own catalogue key (`server.*`), see refusalText.
 */
export function translateMessage(t: TFunction<'signup'>, message: string): string {
  const key = `validation.${message}`;
  return key in english ? t(key as Key) : message;
}

/**
 * A refusal the server answered with a `server.*` key of this catalogue (and its values), in the language
 * on screen; null when it has none we know (then its English message is translated as a message).
 */
export function refusalText(t: TFunction<'signup'>, data: unknown): string | null {
  const { key, params } = (data ?? {}) as { key?: unknown; params?: unknown };
  if (typeof key !== 'string' || !key.startsWith('server.') || !(key in english)) return null;
  const values = params && typeof params === 'object' ? (params as Record<string, string>) : {};
  return t(key as Key, values);
}

/** The first message of a failed zod parse, translated; null when the value is valid. */
export function firstProblem(
  t: TFunction<'signup'>,
  result: { success: true } | { success: false; error: { issues: { message: string }[] } },
): string | null {
  if (result.success) return null;
  return translateMessage(t, result.error.issues[0]?.message ?? '');
}

/**
 * What to tell the visitor about a failed call: the server's own words for refusals (a 429's message says
 * how long to wait), a plain sentence for network failures and server faults.
 */
export function describeFailure(t: TFunction<'signup'>, error: unknown): string {
  if (!axios.isAxiosError(error)) return t('serverError');
  const response = error.response;
  if (!response) return t('networkError');
  const message = (response.data as { message?: unknown } | undefined)?.message;
  // A 500 carries no useful words; other refusals (400, 429, 503 channel off) say what to do.
  if (response.status === 500 || response.status > 503) return t('serverError');
  const refusal = refusalText(t, response.data);
  if (refusal) return refusal;
  if (typeof message === 'string' && message.trim()) return translateMessage(t, message);
  return response.status === 429 ? t('tooManyRequests') : t('serverError');
}

/** The HTTP status of a refused call, or null (network failure, not an HTTP error). */
export function failureStatus(error: unknown): number | null {
  return axios.isAxiosError(error) ? (error.response?.status ?? null) : null;
}
