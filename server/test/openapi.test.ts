import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from './support/server';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Not API routes: the document itself, and static files (the front end, the web app's icons). */
const NOT_DOCUMENTED = new Set(['GET /api/docs', 'GET /*', 'GET /icons/*']);
/** Writes that take no body: ids in the path only, or a caller with its own format (webhooks, checked by secret). */
const NO_BODY = new Set([
  'POST /api/v1/admin/users/:id/link-sign-in',
  'POST /api/auth/google/logout',
  'PATCH /api/v1/admin/events/publish/:id',
  'DELETE /api/v1/admin/events/:id',
  'DELETE /api/v1/admin/notifications/janaza/:id',
  'DELETE /api/v1/admin/members/un/:id',
  'DELETE /api/v1/admin/members/committee/:id',
  'POST /api/v1/admin/events/:id/correction',
  'POST /api/v1/admin/notifications/janaza/:id/correction',
  'POST /api/public/telegram/webhook',
  'POST /api/public/whatsapp/webhook',
  'POST /api/v1/admin/delivery/channels/:channel/resume',
]);
/** The forms (multipart or JSON) and one field each their domain schema requires, as the front end sends it. */
const FORMS: Record<string, string> = {
  'POST /api/v1/admin/notifications/janaza': 'postal',
  'PATCH /api/v1/admin/notifications/janaza/:id': 'postal',
  'POST /api/v1/admin/events': 'heading',
  'PATCH /api/v1/admin/events/:id': 'heading',
  'POST /api/v1/admin/events/:id': 'heading',
  'POST /api/v1/admin/ummahnotify/updateuser': 'active',
};

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document at /api/docs', () => {
  let server: TestServer;
  let doc: OpenApi;
  before(async () => {
    server = await startTestServer('sqlite');
    doc = (await (await fetch(`${server.url}/api/docs`)).json()) as OpenApi;
  });
  after(async () => server.stop());

  const routes = () =>
    server.app.routeKeys.filter(
      (k) =>
        !k.startsWith('HEAD ') && !NOT_DOCUMENTED.has(k) && !k.includes('/remotes/') && !k.includes('/public-pages/'),
    );

  test('lists every registered route, with its path parameters', () => {
    const missing: string[] = [];
    for (const key of routes()) {
      const [method, url] = key.split(' ');
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) missing.push(key);
      const params = [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      const documented = (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      if (params.some((p) => !documented.includes(p))) missing.push(`${key} (path parameters)`);
    }
    assert.deepEqual(missing, []);
  });

  test('every write route documents its request body, forms as multipart and JSON', () => {
    const missing: string[] = [];
    for (const key of routes()) {
      const [method, url] = key.split(' ');
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) || NO_BODY.has(key)) continue;
      const body = doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.requestBody;
      if (!body) missing.push(key);
      const field = FORMS[key];
      if (!field) continue;
      for (const type of ['multipart/form-data', 'application/json'])
        if (!body?.content[type]?.schema?.properties?.[field]) missing.push(`${key} (${type} ${field})`);
    }
    assert.deepEqual(missing, []);
  });
});
