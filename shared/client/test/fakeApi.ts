import { api } from '@ummahnotify/client';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** An answer of the fake server; status 0 is a network failure (no answer at all). */
export interface FakeAnswer {
  status: number;
  data?: unknown;
}
export type FakeRoute = FakeAnswer | ((config: InternalAxiosRequestConfig) => FakeAnswer | Promise<FakeAnswer>);

const realAdapter = api.defaults.adapter;

/**
 * Replaces the shared axios instance's transport with canned answers keyed by "METHOD /path".
 * Unknown routes answer 404. Returns the list of calls made, in order.
 */
export function fakeApi(routes: Record<string, FakeRoute>): { calls: string[] } {
  const calls: string[] = [];
  api.defaults.adapter = async (config) => {
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    calls.push(key);
    const route = routes[key] ?? { status: 404, data: { code: 404, message: 'Not found' } };
    const answer = typeof route === 'function' ? await route(config) : route;
    if (answer.status === 0) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        null,
        response,
      );
    }
    return response;
  };
  return { calls };
}

export function restoreApi(): void {
  api.defaults.adapter = realAdapter;
}
