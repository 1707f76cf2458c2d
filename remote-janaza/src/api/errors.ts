import type { ApiErrorBody } from '@ummahnotify/shared/domain';
import { isAxiosError } from 'axios';

/**
 * What went wrong with a call: 'refused' when the server answered with a reason (4xx: bad input,
 * rights, not found), 'failed' when there was no usable answer (network, timeout, server fault).
 */
export interface CallProblem {
  kind: 'refused' | 'failed';
  status: number | undefined;
  message: string | undefined;
  errors: NonNullable<ApiErrorBody['errors']>;
}

export function callProblem(error: unknown): CallProblem {
  if (isAxiosError(error) && error.response) {
    const status = error.response.status;
    const body = error.response.data as Partial<ApiErrorBody> | undefined;
    return {
      kind: status >= 400 && status < 500 ? 'refused' : 'failed',
      status,
      message: typeof body?.message === 'string' ? body.message : undefined,
      errors: Array.isArray(body?.errors) ? body.errors : [],
    };
  }
  return { kind: 'failed', status: undefined, message: undefined, errors: [] };
}
