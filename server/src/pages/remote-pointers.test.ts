import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { REMOTE_NAMES, type RemoteName } from '@ummahnotify/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { remoteLocations } from './remote-pointers';

/**
 * A bucket's public address for one object: its body with an ETag, and 304 to an If-None-Match naming it, as S3
 * answers a conditional GET (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html, RFC 9110 §13.1.2).
 */
class PointerBucket {
  body: string | null = null;
  requests: { ifNoneMatch?: string; status: number }[] = [];
  private server!: Server;
  url = '';
  async start() {
    this.server = createServer((req, res) => {
      const ifNoneMatch = req.headers['if-none-match'];
      if (this.body === null) {
        this.requests.push({ ifNoneMatch, status: 503 });
        res.writeHead(503).end('<Error><Code>SlowDown</Code></Error>');
        return;
      }
      const etag = `"${createHash('md5').update(this.body).digest('hex')}"`;
      const status = ifNoneMatch === etag ? 304 : 200;
      this.requests.push({ ifNoneMatch, status });
      res.writeHead(status, { etag, 'content-type': 'application/json' }).end(status === 200 ? this.body : undefined);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/ummahnotify-sections/events/current.json`;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Where each section is: every one on the server (as config.ts defaults it), events at the bucket's pointer, summary
 * at a fixed address elsewhere.
 */
const configured = (eventsUrl: string) => ({
  ...(Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`])) as Record<
    RemoteName,
    string
  >),
  events: eventsUrl,
  summary: 'https://cdn.example.sg/summary/mf-manifest.json',
});

const pointer = (build: string, manifest: string) =>
  JSON.stringify({ build, label: `events ${build}`, manifest, since: '2026-11-29T10:15:00.000Z', by: 'aisha' });
const V1 = pointer('20261129T101500Z-1a2b3c4d', 'files/mf-manifest.1a2b3c4d.json');
const V2 = pointer('20261129T111500Z-5e6f7a8b', 'files/mf-manifest.5e6f7a8b.json');

describe("a section's live build, read from its bucket's current.json", () => {
  const bucket = new PointerBucket();
  let clock = 0;
  const warnings: string[] = [];
  const log = {
    warn: (_details: object, message: string) => {
      warnings.push(message);
    },
  };
  const locationsFor = (url: string) => remoteLocations(configured(url), { log, root: tmpdir(), now: () => clock });
  before(() => bucket.start());
  after(() => bucket.stop());
  beforeEach(() => {
    bucket.requests = [];
    warnings.length = 0;
    clock = 0;
  });

  test('the manifest named by the pointer, relative to it; the others as configured', async () => {
    bucket.body = V1;
    const manifests = await locationsFor(bucket.url).manifests();
    assert.equal(manifests.events, bucket.url.replace('current.json', 'files/mf-manifest.1a2b3c4d.json'));
    assert.equal(manifests.janaza, '/remotes/janaza/mf-manifest.json');
    assert.equal(manifests.summary, 'https://cdn.example.sg/summary/mf-manifest.json');
  });

  test('asked again only after 5 s, conditionally; a new pointer is followed on the load after it', async () => {
    bucket.body = V1;
    const locations = locationsFor(bucket.url);
    await locations.manifests();
    clock = 4_999;
    bucket.body = V2;
    assert.match((await locations.manifests()).events, /1a2b3c4d/, 'within 5 s: the pointer read before');
    assert.equal(bucket.requests.length, 1);
    bucket.body = V1;
    clock = 5_000;
    assert.match((await locations.manifests()).events, /1a2b3c4d/);
    assert.equal(bucket.requests[1]?.status, 304, 'unchanged: a 304 to If-None-Match');
    assert.ok(bucket.requests[1]?.ifNoneMatch);
    bucket.body = V2;
    clock = 10_000;
    assert.match((await locations.manifests()).events, /5e6f7a8b/, 'the deploy shows on the next load');
    assert.equal(bucket.requests.length, 3);
  });

  test('a bucket that cannot be read keeps the pointer read last, and says so in the log', async () => {
    bucket.body = V1;
    const locations = locationsFor(bucket.url);
    await locations.manifests();
    bucket.body = null;
    clock = 5_000;
    assert.match((await locations.manifests()).events, /1a2b3c4d/);
    assert.deepEqual(warnings, [
      "Could not read the events section's live build; still loading 20261129T101500Z-1a2b3c4d",
    ]);
  });

  test('a pointer never read leaves the section unloadable, logged; a body that is not a pointer is refused', async () => {
    bucket.body = null;
    assert.equal((await locationsFor(bucket.url).manifests()).events, bucket.url);
    bucket.body = JSON.stringify({ build: '../../elsewhere', manifest: 'https://evil.example/x.json' });
    assert.equal((await locationsFor(bucket.url).manifests()).events, bucket.url);
    assert.equal(warnings.length, 2);
    assert.match(warnings[1] ?? '', /cannot load until its pointer can be read/);
  });

  test("the superadmin's view: a bucket's build, who and since when; a built section's label from its build.json", async () => {
    bucket.body = V2;
    const root = mkdtempSync(join(tmpdir(), 'un-builds-'));
    mkdirSync(join(root, 'remote-janaza', 'dist'), { recursive: true });
    writeFileSync(
      join(root, 'remote-janaza', 'dist', 'build.json'),
      JSON.stringify({ label: 'janaza-2026-11-28', builtAt: '2026-11-28T08:00:00.000Z' }),
    );
    const all = await remoteLocations(configured(bucket.url), { log, root, now: () => clock }).builds();
    // The four sections of docs/product/screens.md (a section scaffolded since is served by the server, as janaza).
    const builds = all.filter((b) => ['janaza', 'events', 'members', 'summary'].includes(b.section));
    rmSync(root, { recursive: true, force: true });
    assert.deepEqual(builds, [
      {
        section: 'janaza',
        source: 'server',
        manifest: '/remotes/janaza/mf-manifest.json',
        build: null,
        label: 'janaza-2026-11-28',
        since: '2026-11-28T08:00:00.000Z',
        by: null,
      },
      {
        section: 'events',
        source: 'bucket',
        manifest: bucket.url.replace('current.json', 'files/mf-manifest.5e6f7a8b.json'),
        build: '20261129T111500Z-5e6f7a8b',
        label: 'events 20261129T111500Z-5e6f7a8b',
        since: '2026-11-29T10:15:00.000Z',
        by: 'aisha',
      },
      {
        section: 'members',
        source: 'server',
        manifest: '/remotes/members/mf-manifest.json',
        build: null,
        label: null,
        since: null,
        by: null,
      },
      {
        section: 'summary',
        source: 'fixed',
        manifest: 'https://cdn.example.sg/summary/mf-manifest.json',
        build: null,
        label: null,
        since: null,
        by: null,
      },
    ]);
  });
});

describe('/app-config.json and the content security policy with a section in a bucket', () => {
  const bucket = new PointerBucket();
  let app: FastifyInstance;
  before(async () => {
    await bucket.start();
    bucket.body = V1;
    const root = mkdtempSync(join(tmpdir(), 'un-front-'));
    app = await buildApp(loadConfig({ DATA_DIR: join(root, 'data'), REMOTE_EVENTS_URL: bucket.url }), {
      logger: false,
      frontendRoot: root,
    });
  });
  after(async () => {
    await app.close();
    await bucket.stop();
  });

  test("the shell is told the live build's manifest, and may load scripts from the bucket", async () => {
    const res = await app.inject('/app-config.json');
    assert.equal(res.json().remotes.events, bucket.url.replace('current.json', 'files/mf-manifest.1a2b3c4d.json'));
    assert.equal(res.headers['cache-control'], 'no-cache');
    const csp = String((await app.inject('/dashboard')).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    assert.ok(scriptSrc.split(' ').includes(new URL(bucket.url).origin), scriptSrc);
  });
});
