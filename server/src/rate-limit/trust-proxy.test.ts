import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { engines } from '../../test/support/databases';
import { startTestServer, type TestServer } from '../../test/support/server';
import { ConfigError, loadConfig } from '../config';

/** The configuration of a demo server on loopback, with `env` on top. */
const configWith = (env: Record<string, string>) => loadConfig({ PUBLIC_URL: 'http://localhost:3000', ...env });

describe('TRUST_PROXY and TRUST_PROXY_HOPS', () => {
  test('TRUST_PROXY=true alone is accepted with one warning line naming the fix', () => {
    const config = configWith({ TRUST_PROXY: 'true' });
    assert.equal(config.trustProxy, true);
    assert.equal(config.warnings.length, 1);
    assert.doesNotMatch(config.warnings[0], /\n/);
    assert.match(config.warnings[0], /^TRUST_PROXY=true believes any X-Forwarded-For/);
    assert.match(config.warnings[0], /TRUST_PROXY_HOPS=1/);
  });

  test('with TRUST_PROXY_HOPS, or a list of proxies, or unset: no warning', () => {
    assert.deepEqual(configWith({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1' }).trustProxy, { hops: 1 });
    assert.equal(configWith({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).trustProxy, '10.0.0.5, 10.0.1.0/24');
    assert.equal(configWith({}).trustProxy, 'loopback');
    assert.equal(configWith({ TRUST_PROXY: 'false' }).trustProxy, false);
    for (const env of [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }, { TRUST_PROXY: '10.0.0.5' }, {}] as Record<
      string,
      string
    >[])
      assert.deepEqual(configWith(env).warnings, []);
  });

  test('TRUST_PROXY_HOPS goes with TRUST_PROXY=true only, and is a small whole number', () => {
    assert.throws(
      () => configWith({ TRUST_PROXY: '10.0.0.5', TRUST_PROXY_HOPS: '1' }),
      (e: Error) => e instanceof ConfigError && /TRUST_PROXY_HOPS goes with TRUST_PROXY=true/.test(e.message),
    );
    for (const hops of ['0', '1.5', 'many', '11'])
      assert.throws(
        () => configWith({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: hops }),
        (e: Error) =>
          e instanceof ConfigError && /^Configuration error: TRUST_PROXY_HOPS must be a whole number/.test(e.message),
        hops,
      );
  });
});

for (const engine of engines()) {
  describe(`which address the per-address limits count behind a proxy (${engine})`, () => {
    const servers: TestServer[] = [];
    after(async () => {
      for (const server of servers) await server.stop();
    });

    /** 11 calls of a route limited to 10 a minute per address, as a proxy that appends the client's address sends them. */
    async function elevenCalls(server: TestServer, client: string): Promise<number[]> {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        // what the client wrote itself, then what the one proxy in front appended: the address it saw
        const forwarded = `203.0.113.${i + 1}, ${client}`;
        const res = await fetch(`${server.url}${SIGNUP_API.webpushRemove}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
          body: JSON.stringify({ endpoint: 'https://push.example/x' }),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      return statuses;
    }

    test('TRUST_PROXY=true alone: the client writes the address it is counted under, and start-up said so', async () => {
      const logLines: string[] = [];
      const server = await startTestServer(engine, { TRUST_PROXY: 'true' }, { logLines });
      servers.push(server);
      const warnings = logLines.map((l) => JSON.parse(l).msg as string).filter((m) => m.includes('TRUST_PROXY'));
      assert.equal(warnings.length, 1);
      // every call counted under another (written) address: never limited
      assert.deepEqual(await elevenCalls(server, '198.51.100.7'), Array(11).fill(200));
    });

    test('TRUST_PROXY=true with TRUST_PROXY_HOPS=1: counted under the address the proxy saw', async () => {
      const logLines: string[] = [];
      const server = await startTestServer(engine, { TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1' }, { logLines });
      servers.push(server);
      assert.equal(logLines.filter((l) => l.includes('TRUST_PROXY')).length, 0);
      assert.deepEqual(await elevenCalls(server, '198.51.100.8'), [...Array(10).fill(200), 429]);
      // counted under that address, not the proxy's (127.0.0.1) nor what the client wrote
      const counted = await server.app.db.selectFrom('rate_limits').select(['key', 'hits']).execute();
      const keys = counted
        .filter((r) => r.key.startsWith('rate-limit:POST'))
        .map((r) => [r.key.split('-').at(-1), Number(r.hits)]);
      assert.deepEqual(keys, [['198.51.100.8', 11]]);
    });
  });
}
