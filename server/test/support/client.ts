import type { CookieJar } from './sign-in';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** JSON calls to the server under test as one signed-in caller (tests only). */
export function client(baseUrl: string, jar?: CookieJar) {
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const headers: Record<string, string> = {};
    if (jar) {
      headers.cookie = jar.header();
      headers.origin = baseUrl; // as a browser sends it on a write from our own pages
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  };
  return {
    get: <T = unknown>(path: string) => call<T>('GET', path),
    post: <T = unknown>(path: string, body?: unknown) => call<T>('POST', path, body),
    patch: <T = unknown>(path: string, body?: unknown) => call<T>('PATCH', path, body),
    put: <T = unknown>(path: string, body: unknown) => call<T>('PUT', path, body),
    delete: <T = unknown>(path: string) => call<T>('DELETE', path),
  };
}
