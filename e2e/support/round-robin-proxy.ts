import { createServer, request } from 'node:http';

export interface RoundRobinProxy {
  url: string;
  /** Requests each instance answered. */
  answered: number[];
  close(): Promise<void>;
}

const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * The load balancer of the multi-instance test, on 127.0.0.1: each request goes to the next instance
 * in turn. An instance that refuses the connection (killed) is skipped, as a balancer's health check
 * would; a response it was in the middle of is cut, as it would be. X-Forwarded-For gets the client's
 * address appended, the way the instances' TRUST_PROXY (loopback) expects from a proxy.
 */
export async function startRoundRobinProxy(port: number, targets: string[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const answered = targets.map(() => 0);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const send = (tries: number) => {
      const index = turn++ % targets.length;
      const target = new URL(targets[index]);
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
        },
        (answer) => {
          answered[index]++;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent) res.destroy();
        else if (REFUSED.has(error.code ?? '') && tries + 1 < targets.length) send(tries + 1);
        else res.writeHead(502).end();
      });
      upstream.end(body);
    };
    send(0);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
