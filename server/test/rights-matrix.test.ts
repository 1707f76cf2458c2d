import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { installRightsGuard } from '../src/auth/guard';
import { engines } from './support/databases';
import { startTestServer, type TestServer } from './support/server';
import { type CookieJar, signIn } from './support/sign-in';

/**
 * Who may call what, written here from docs/product/rights.md and not read from server/src/auth/rights.ts,
 * so a wrong line in the server's table makes this test fail. The 7 kinds of caller:
 */
const CALLERS = ['anonymous', 'none', 'user', 'member', 'editor', 'admin', 'superadmin'] as const;
type Caller = (typeof CALLERS)[number];

/** Sign-in, the public landing page with sign-up and feed, the front-end files: anyone. */
const ANYONE: readonly Caller[] = CALLERS;
/** "GET /api/protected returns user": every signed-in account, whatever its rights, so the guard can decide. */
const SIGNED_IN: readonly Caller[] = ['none', 'user', 'member', 'editor', 'admin', 'superadmin'];
/** Admin and editor see only Janaza Notifications and Events; superadmin sees them too. */
const JANAZA_AND_EVENTS: readonly Caller[] = ['editor', 'admin', 'superadmin'];
/** Only superadmin may view the members table, its edit/delete/role-assign functions, and the members
 * and committee-members sections"; the Summary page is the superadmin's alone. */
const SUPERADMIN_ONLY: readonly Caller[] = ['superadmin'];

const EXPECTED: Record<string, readonly Caller[]> = {
  // the door: sign-in, sign-out, health, configuration, API description
  'GET /healthz': ANYONE,
  'GET /readyz': ANYONE,
  // anyone may ask; it answers only a scraper that carries METRICS_TOKEN (401 otherwise, 404 while it is unset)
  'GET /metrics': ANYONE,
  'GET /app-config.json': ANYONE,
  'GET /api/docs': ANYONE,
  'GET /api/auth/google': ANYONE,
  'GET /api/auth/google/callback': ANYONE,
  'GET /api/auth/google/logout': ANYONE,
  'POST /api/auth/google/logout': ANYONE,
  'GET /api/protected': SIGNED_IN,
  // who is signed in, or nobody: the login page asks it of anyone
  'GET /api/auth/session': ANYONE,
  // binding an account to another Google account is a role-level decision: superadmin (docs/product/rights.md#accounts-and-sign-in)
  'GET /api/v1/admin/users/refused-sign-ins': SUPERADMIN_ONLY,
  'POST /api/v1/admin/users/:id/link-sign-in': SUPERADMIN_ONLY,
  // janaza notifications and their images, providers and sending status
  'GET /api/v1/uploads/:id': JANAZA_AND_EVENTS,
  'GET /api/v1/uploads/:id/thumb': JANAZA_AND_EVENTS,
  'GET /api/v1/admin/notifications/providers': JANAZA_AND_EVENTS,
  'GET /api/v1/admin/notifications/janaza': JANAZA_AND_EVENTS,
  'POST /api/v1/admin/notifications/janaza': JANAZA_AND_EVENTS,
  'PATCH /api/v1/admin/notifications/janaza/:id': JANAZA_AND_EVENTS,
  'DELETE /api/v1/admin/notifications/janaza/:id': JANAZA_AND_EVENTS,
  'POST /api/v1/admin/notifications/janaza/:id/correction': JANAZA_AND_EVENTS,
  // Withdrawing a sent notice: as editing notices
  'POST /api/v1/admin/notifications/janaza/:id/withdrawal': JANAZA_AND_EVENTS,
  'GET /api/v1/admin/notifications/prayer-time': JANAZA_AND_EVENTS,
  'GET /api/api/v1/admin/ummahnotify/janaza': JANAZA_AND_EVENTS,
  'POST /api/api/v1/admin/ummahnotify/janaza': JANAZA_AND_EVENTS,
  'GET /api/v1/admin/delivery/channels': JANAZA_AND_EVENTS,
  'GET /api/v1/admin/delivery/status': JANAZA_AND_EVENTS,
  // acting on delivery: retrying a sending's failed messages, resuming a paused channel, switching delivery off and
  // on: superadmin (docs/product/rights.md)
  'POST /api/v1/admin/delivery/retry': SUPERADMIN_ONLY,
  'POST /api/v1/admin/delivery/channels/:channel/resume': SUPERADMIN_ONLY,
  'POST /api/v1/admin/delivery/switch/pause': SUPERADMIN_ONLY,
  'POST /api/v1/admin/delivery/switch/resume': SUPERADMIN_ONLY,
  // what waits while delivery is switched off, and discarding it (after a restore): superadmin (docs/operations.md)
  'GET /api/v1/admin/delivery/waiting': SUPERADMIN_ONLY,
  'POST /api/v1/admin/delivery/discard': SUPERADMIN_ONLY,
  // events
  'GET /api/v1/admin/events': JANAZA_AND_EVENTS,
  'POST /api/v1/admin/events': JANAZA_AND_EVENTS,
  'PATCH /api/v1/admin/events/:id': JANAZA_AND_EVENTS,
  'POST /api/v1/admin/events/:id': JANAZA_AND_EVENTS,
  'PATCH /api/v1/admin/events/publish/:id': JANAZA_AND_EVENTS,
  'DELETE /api/v1/admin/events/:id': JANAZA_AND_EVENTS,
  // "Send correction" on a published event: rights as for editing events (admin and editor see Events)
  'POST /api/v1/admin/events/:id/correction': JANAZA_AND_EVENTS,
  // "Withdraw" of a published event: as its correction
  'POST /api/v1/admin/events/:id/withdrawal': JANAZA_AND_EVENTS,
  'POST /api/v1/admin/ummahnotify/ai-event/:id': JANAZA_AND_EVENTS,
  // members, committee members, role assignment
  'GET /api/v1/admin/members/un': SUPERADMIN_ONLY,
  'POST /api/v1/admin/members/un': SUPERADMIN_ONLY,
  'PATCH /api/v1/admin/members/un/:id': SUPERADMIN_ONLY,
  'DELETE /api/v1/admin/members/un/:id': SUPERADMIN_ONLY,
  'PUT /api/v1/admin/users/verify/member/:id': SUPERADMIN_ONLY,
  'GET /api/v1/admin/members/committee': SUPERADMIN_ONLY,
  'POST /api/v1/admin/members/committee': SUPERADMIN_ONLY,
  'PATCH /api/v1/admin/members/committee/:id': SUPERADMIN_ONLY,
  'DELETE /api/v1/admin/members/committee/:id': SUPERADMIN_ONLY,
  'PATCH /api/v1/admin/members/committee/assign/:id': SUPERADMIN_ONLY,
  // the summary page and the subscriber numbers behind it
  'GET /api/v1/admin/dashboard/summary': SUPERADMIN_ONLY,
  // which build of each section is live, shown on the summary
  'GET /api/v1/admin/sections/builds': SUPERADMIN_ONLY,
  'GET /api/v1/admin/ummahnotify/list': SUPERADMIN_ONLY,
  'GET /api/v1/admin/ummahnotify/stats': SUPERADMIN_ONLY,
  'POST /api/v1/admin/ummahnotify/updateuser': SUPERADMIN_ONLY,
  // the activity log (who did what and when) is for superadmins only
  'GET /api/v1/admin/audit': SUPERADMIN_ONLY,
  // the public landing page: sign-up without an account, unsubscribe, the feed
  'GET /api/public/signup/options': ANYONE,
  'GET /api/public/signup/challenge': ANYONE,
  'POST /api/public/signup/webpush': ANYONE,
  'POST /api/public/signup/webpush/remove': ANYONE,
  'POST /api/public/signup/email': ANYONE,
  'POST /api/public/signup/email/confirm': ANYONE,
  'POST /api/public/signup/telegram': ANYONE,
  'POST /api/public/signup/whatsapp': ANYONE,
  'POST /api/public/signup/whatsapp/confirm': ANYONE,
  'POST /api/public/unsubscribe': ANYONE,
  'POST /api/public/unsubscribe/:token': ANYONE,
  'GET /api/public/feed': ANYONE,
  'GET /api/public/feed/janaza/:file': ANYONE,
  'GET /api/public/feed/events/:file': ANYONE,
  'GET /api/public/images/:id': ANYONE,
  // webhooks: no session; each checks a secret of its own (see OWN_SECRET)
  'POST /api/public/telegram/webhook': ANYONE,
  'GET /api/public/whatsapp/webhook': ANYONE,
  'POST /api/public/whatsapp/webhook': ANYONE,
  // for search engines: what to index, and the sitemap it points to
  'GET /robots.txt': ANYONE,
  'GET /sitemap.xml': ANYONE,
  // the Home Screen web app: its manifest and icons
  'GET /manifest.webmanifest': ANYONE,
  'GET /icons/*': ANYONE,
  // the shell and the remotes' files
  'GET /*': ANYONE,
  'GET /public-pages/*': ANYONE,
  'GET /remotes/janaza/*': ANYONE,
  'GET /remotes/events/*': ANYONE,
  'GET /remotes/members/*': ANYONE,
  'GET /remotes/summary/*': ANYONE,
};

/** Webhooks refuse every caller without their own secret: their answer must not depend on the session. */
const OWN_SECRET = new Set([
  'POST /api/public/telegram/webhook',
  'GET /api/public/whatsapp/webhook',
  'POST /api/public/whatsapp/webhook',
]);

function expectedFor(key: string): readonly Caller[] | undefined {
  const [method, url] = key.split(' ');
  return EXPECTED[key] ?? (method === 'HEAD' ? EXPECTED[`GET ${url}`] : undefined);
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

    test('every route the server registers has a line in the expected table, and every line a route', () => {
      const registered = new Set(server.app.routeKeys.filter((k) => !k.startsWith('HEAD ')));
      assert.deepEqual(
        [...registered].filter((k) => !EXPECTED[k]),
        [],
        'routes without a line here: add one from docs/product/rights.md',
      );
      assert.deepEqual(
        Object.keys(EXPECTED).filter((k) => !registered.has(k)),
        [],
        'lines here for routes the server does not register',
      );
    });

    test('every registered route answers each of the 7 callers as docs/product/rights.md says', async () => {
      // Logout ends the caller's session, so it is called last.
      const keys = [...server.app.routeKeys].sort(
        (a, b) => Number(a.includes('/logout')) - Number(b.includes('/logout')),
      );
      const mismatches: string[] = [];
      for (const key of keys) {
        const [method, url] = key.split(' ');
        const allowed = expectedFor(key);
        if (!allowed) continue; // reported by the test above
        const answers = new Map<Caller, number>();
        for (const caller of CALLERS) {
          const jar = jars.get(caller);
          const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
          const res = await fetch(`${server.url}${concrete(url)}`, {
            method,
            redirect: 'manual',
            headers: {
              origin: server.url,
              ...(jar ? { cookie: jar.header() } : {}),
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            body: hasBody ? '{}' : undefined,
          });
          await res.arrayBuffer();
          answers.set(caller, res.status);
        }
        for (const caller of CALLERS) {
          const got = answers.get(caller) as number;
          if (OWN_SECRET.has(key)) {
            if (got !== answers.get('anonymous'))
              mismatches.push(`${key} as ${caller}: the session changed the answer`);
            continue;
          }
          const want = allowed.includes(caller) ? 'let in' : caller === 'anonymous' ? 401 : 403;
          const ok = want === 'let in' ? got !== 401 && got !== 403 : got === want;
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
