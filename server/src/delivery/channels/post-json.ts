import type FormData from 'form-data';

/**
 * What a POST to a channel's HTTP API (Telegram Bot API, WhatsApp Cloud API) came to: the status and
 * the parsed JSON answer, or why there was none. An answer that is not JSON is handed to `unparsable`
 * (its first 200 characters), so the channel still sees the peer's words.
 */
export type JsonCall<T> =
  | { reached: true; status: number; body: T; retryAfter: string | null }
  | { reached: false; error: string };

interface CallOptions<T> {
  headers?: Record<string, string>;
  timeoutMs: number;
  unparsable: (text: string) => T;
  /** Ends the call early (a long poll when the server stops). */
  signal?: AbortSignal;
}

/** A JSON body. */
export function postJson<T>(url: string, payload: unknown, options: CallOptions<T>): Promise<JsonCall<T>> {
  return post(url, JSON.stringify(payload), { 'content-type': 'application/json', ...options.headers }, options);
}

/**
 * A multipart/form-data body (a file upload). Written by form-data rather than fetch's FormData, which turns every
 * line break of a text field into CRLF (as the HTML form encoding requires): a caption must arrive as written.
 */
export function postForm<T>(url: string, form: FormData, options: CallOptions<T>): Promise<JsonCall<T>> {
  return post(url, new Uint8Array(form.getBuffer()), { ...form.getHeaders(), ...options.headers }, options);
}

async function post<T>(
  url: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
  options: CallOptions<T>,
): Promise<JsonCall<T>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: options.signal
        ? AbortSignal.any([AbortSignal.timeout(options.timeoutMs), options.signal])
        : AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    let parsed: T;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      parsed = options.unparsable(text.slice(0, 200));
    }
    return { reached: true, status: response.status, body: parsed, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    const e = error as Error;
    const why = e.name === 'TimeoutError' ? 'timed out' : e.name === 'AbortError' ? 'aborted' : `network: ${e.message}`;
    return { reached: false, error: why };
  }
}
