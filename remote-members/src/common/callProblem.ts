import type { ApiErrorBody } from '@ummahnotify/shared/domain';
import { isAxiosError } from 'axios';

/** What the server said when it refused a call; no status when there was no answer (network, timeout). */
export interface CallProblem {
  status: number | undefined;
  message: string | undefined;
  errors: NonNullable<ApiErrorBody['errors']>;
}

export function callProblem(error: unknown): CallProblem {
  if (isAxiosError(error) && error.response) {
    const body = error.response.data as Partial<ApiErrorBody> | undefined;
    return {
      status: error.response.status,
      message: typeof body?.message === 'string' ? body.message : undefined,
      errors: Array.isArray(body?.errors) ? body.errors : [],
    };
  }
  return { status: undefined, message: undefined, errors: [] };
}

/** 403: the caller lost the superadmin rights (e.g. demoted in another tab); the section closes. */
export function isForbidden(error: unknown): boolean {
  return callProblem(error).status === 403;
}

/** Queries retry once after a network or server fault, never after a refusal (401, 403, 404...). */
export function retryServerFaults(failureCount: number, error: unknown): boolean {
  const status = callProblem(error).status;
  return failureCount < 1 && (status === undefined || status >= 500);
}
