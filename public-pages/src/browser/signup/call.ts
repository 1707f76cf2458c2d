import type { AppConfig } from '@ummahnotify/domain';
import { callApi } from '../page';

/**
 * A call that did not succeed: the answer's status and JSON body, or no status when there was no answer. texts.ts
 * reads it (the reader of refusals comes with the texts, fetched when the visitor turns to the form).
 */
export class CallFailed extends Error {
  constructor(
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(`call failed: ${status ?? 'no answer'}`);
    this.name = 'CallFailed';
  }
}

/**
 * Whether `error` is a CallFailed, by the name it sets (a minifier renames classes, not strings): the modules loaded
 * on first use (proof.ts) may hold their own copy of the class where modules are not shared (a test's registry).
 */
export function isCallFailed(error: unknown): error is CallFailed {
  return error instanceof Error && error.name === 'CallFailed';
}

/** Whether `error` is the server's refusal with catalogue key `key` (ApiErrorBody.key). */
export function isRefusal(error: unknown, key: string): boolean {
  return isCallFailed(error) && (error.body as { key?: unknown } | undefined)?.key === key;
}

async function answer<T>(request: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new CallFailed();
  }
  const data = await response.json().catch(() => undefined);
  if (!response.ok) throw new CallFailed(response.status, data);
  return data as T;
}

export function getJson<T>(config: AppConfig, path: string): Promise<T> {
  return answer<T>(callApi(config, path));
}

export function postJson<T = unknown>(config: AppConfig, path: string, body: unknown): Promise<T> {
  return answer<T>(
    callApi(config, path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}
