import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a fake API sees it: the raw body and the parsed JSON or form fields. */
export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  /** JSON object, or the fields of a urlencoded / multipart form (files as their names) */
  body: Record<string, unknown>;
  /** The files of a multipart form, by field name. */
  files: Record<string, { name: string; type: string; bytes: Buffer }>;
}

export type PeerHandler = (
  req: PeerRequest,
) => Promise<{ status: number; body: unknown }> | { status: number; body: unknown };

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(raw: Buffer, contentType: string): Promise<Pick<PeerRequest, 'body' | 'files'>> {
  if (raw.length === 0) return { body: {}, files: {} };
  if (contentType.includes('application/json')) {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return { body: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}, files: {} };
  }
  if (contentType.includes('form')) {
    // undici parses both application/x-www-form-urlencoded and multipart/form-data
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
    const body: Record<string, unknown> = {};
    const files: PeerRequest['files'] = {};
    for (const [key, value] of form) {
      if (typeof value === 'string') body[key] = value;
      else {
        body[key] = value.name;
        files[key] = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
    }
    return { body, files };
  }
  return { body: {}, files: {} };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** An HTTP server on 127.0.0.1 (a random port unless one is given) that answers JSON. */
export async function startHttpPeer(
  handle: PeerHandler,
  listenPort = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let parsed: Pick<PeerRequest, 'body' | 'files'>;
      try {
        parsed = await parseBody(raw, String(req.headers['content-type'] ?? ''));
      } catch {
        send(res, 400, { error: 'the body could not be parsed' });
        return;
      }
      const answer = await handle({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        raw,
        ...parsed,
      });
      send(res, answer.status, answer.body);
    } catch (error) {
      send(res, 500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
