import { type ApiErrorBody, type FieldError, type MessageKey, withKey } from '@ummahnotify/domain';
import { isAxiosError } from 'axios';

/**
 * What went wrong with a call: 'refused' when the server answered with a reason (4xx: bad input,
 * rights, not found), 'failed' when there was no usable answer (network, timeout, server fault).
 */
export interface ApiProblem {
  kind: 'refused' | 'failed';
  /** No status when there was no answer at all. */
  status: number | undefined;
  /** A call that got no answer (network down, time-out), as opposed to an error of the page's own. */
  unreachable: boolean;
  /** The server's English message, as sent. */
  message: string | undefined;
  /** The catalogue key and values of that message, when the server gave them. */
  said: MessageKey | undefined;
  errors: FieldError[];
  /** The answer's whole body, for a refusal that carries more than the error (the duplicate warning's 409). */
  body: unknown;
}

/** A call that got no answer (`unreachable`: network down, time-out) or failed before it was made. */
export function unansweredProblem(unreachable: boolean): ApiProblem {
  return {
    kind: 'failed',
    status: undefined,
    unreachable,
    message: undefined,
    said: undefined,
    errors: [],
    body: undefined,
  };
}

/** What an answer that is not a success says (its status and its JSON body, ApiErrorBody), whoever made the call. */
export function answerProblem(status: number, data: unknown): ApiProblem {
  const body = data as Partial<ApiErrorBody> | undefined;
  const message = typeof body?.message === 'string' ? body.message : undefined;
  return {
    kind: status >= 400 && status < 500 ? 'refused' : 'failed',
    status,
    unreachable: false,
    message,
    said: typeof body?.key === 'string' ? { key: body.key, params: body.params ?? {} } : undefined,
    errors: Array.isArray(body?.errors) ? body.errors.map(withKey) : [],
    body: data,
  };
}

/** The one reader of an API error of axios (the answer every refusal carries, ApiErrorBody). */
export function readApiProblem(error: unknown): ApiProblem {
  if (!isAxiosError(error) || !error.response) return unansweredProblem(isAxiosError(error));
  return answerProblem(error.response.status, error.response.data);
}

/** 403: the caller lost the rights (e.g. demoted in another tab); the section closes. */
export function isForbidden(error: unknown): boolean {
  return readApiProblem(error).status === 403;
}

/** Queries retry once after a network or server fault, never after a refusal (401, 403, 404...). */
export function retryServerFaults(failureCount: number, error: unknown): boolean {
  const status = readApiProblem(error).status;
  return failureCount < 1 && (status === undefined || status >= 500);
}
