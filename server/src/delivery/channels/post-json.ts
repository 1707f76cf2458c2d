/**
 * What a JSON POST to a channel's HTTP API (Telegram Bot API, WhatsApp Cloud API) came to: the
 * status and the parsed answer, or why there was none. An answer that is not JSON is handed to
 * `unparsable` (its first 200 characters), so the channel still sees the peer's words.
 */
export type JsonCall<T> =
  | { reached: true; status: number; body: T; retryAfter: string | null }
  | { reached: false; error: string };

export async function postJson<T>(
  url: string,
  payload: unknown,
  options: {
    headers?: Record<string, string>;
    timeoutMs: number;
    unparsable: (text: string) => T;
    /** Ends the call early (a long poll when the server stops). */
    signal?: AbortSignal;
  },
): Promise<JsonCall<T>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(payload),
      signal: options.signal
        ? AbortSignal.any([AbortSignal.timeout(options.timeoutMs), options.signal])
        : AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    let body: T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      body = options.unparsable(text.slice(0, 200));
    }
    return { reached: true, status: response.status, body, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    const e = error as Error;
    const why = e.name === 'TimeoutError' ? 'timed out' : e.name === 'AbortError' ? 'aborted' : `network: ${e.message}`;
    return { reached: false, error: why };
  }
}
