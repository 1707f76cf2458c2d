/**
 * The most a page the server draws may weigh in a test. The landing page with its feed is about 200 KB; a page
 * several times that is a page that copies itself (a replacement pattern in a name, a loop), and is an error.
 */
export const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * The text of a page the server answered, read as it arrives and refused (an error naming `what`) once it is over
 * MAX_PAGE_BYTES, without reading the rest.
 */
export async function pageText(response: Response, what = response.url): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PAGE_BYTES) {
      await reader.cancel();
      throw new Error(`${what} answered more than ${MAX_PAGE_BYTES} bytes (${size} read so far)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GET `url` as a browser would open a page (following redirects); its status, headers and text (pageText). */
export async function fetchPage(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, text: await pageText(response, url) };
}
