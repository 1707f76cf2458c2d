import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { installRightsGuard } from '../src/auth/guard';
import { accessFor } from '../src/auth/rights';
import { engines } from './support/databases';
import { startTestServer, type TestServer } from './support/server';
import { type CookieJar, signIn } from './support/sign-in';

/** Public routes that check a secret of their own (a webhook's secret header, signature or verify token). */
const OWN_SECRET = new Set([
  'POST /api/public/telegram/webhook',
  'GET /api/public/whatsapp/webhook',
  'POST /api/public/whatsapp/webhook',
]);

const CALLERS = ['anonymous', 'none', 'user', 'member', 'editor', 'admin', 'superadmin'] as const;
type Caller = (typeof CALLERS)[number];

function expected(access: ReturnType<typeof accessFor>, caller: Caller): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (access === 'signed-in') return 'allowed';
  return (access as readonly string[]).includes(caller) ? 'allowed' : 403;
}

/** A concrete request for a route pattern: ids and wildcards filled in. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

for (const engine of engines()) {
  describe(`rights matrix (${engine})`, () => {
    let server: TestServer;
    const jars = new Map<Caller, CookieJar | undefined>();

    before(async () => {
      server = await startTestServer(engine);
      jars.set('anonymous', undefined);
      for (const caller of CALLERS.filter((c) => c !== 'anonymous')) {
        const email = `${caller}@matrix.example.sg`;
        const { jar } = await signIn(server.url, { email });
        await server.app.db.updateTable('users').set({ rights: caller }).where('email', '=', email).execute();
        jars.set(caller, jar);
      }
    });
    after(async () => server.stop());

    test('every registered route answers every kind of caller as the rights table says', async () => {
      // Logout ends the caller's session, so it is called last.
      const keys = [...server.app.routeKeys].sort(
        (a, b) => Number(a.includes('/logout')) - Number(b.includes('/logout')),
      );
      assert.ok(keys.length > 10, 'routes were collected');
      const mismatches: string[] = [];
      for (const key of keys) {
        const [method, url] = key.split(' ');
        const access = accessFor(method, url);
        for (const caller of CALLERS) {
          const jar = jars.get(caller);
          const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
          const res = await fetch(`${server.url}${concrete(url)}`, {
            method,
            redirect: 'manual',
            headers: {
              ...(jar ? { cookie: jar.header(), origin: server.url } : {}),
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            body: hasBody ? '{}' : undefined,
          });
          await res.arrayBuffer();
          const want = expected(access, caller);
          const got = res.status;
          const ok = want === 'allowed' ? OWN_SECRET.has(key) || (got !== 401 && got !== 403) : got === want;
          if (!ok) mismatches.push(`${key} as ${caller}: expected ${want}, got ${got}`);
        }
      }
      assert.deepEqual(mismatches, []);
    });
  });
}

describe('the rights table is complete', () => {
  test('a route without a line in the table stops start-up', async () => {
    const app = Fastify({ logger: false });
    installRightsGuard(app, undefined as never, [], 60_000);
    assert.throws(() => app.get('/api/v1/not-in-the-table', async () => 'x'), /has no line in the rights table/);
    await app.close().catch(() => {});
  });
});
