import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { API_PATHS } from '@ummahnotify/core';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import pg from 'pg';
import { type PushService, startPushService } from '../../test/peers/push-service';
import { client } from '../../test/support/client';
import { engines } from '../../test/support/databases';
import { startTestServer, type TestServer } from '../../test/support/server';
import { eventually, insertMasjid, staffJar } from '../../test/support/staff';
import { newSubscriber } from '../../test/support/subscriber-rows';
import { pauseAllDelivery, switchOffIn } from '../delivery/switch';

const ROOT_VERSION = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')).version;
const TOKEN = 'metrics-token-for-the-ops-test-0123456789';
/** How long the engine may go without a turn before /readyz says it stalled, in this test (60 s in production). */
const STALLED_AFTER_MS = 1_000;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text exposition format 0.0.4 (https://prometheus.io/docs/instrumenting/exposition_formats/). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      assert.ok(m, `a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      );
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

const value = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

for (const engine of engines()) {
  describe(`readiness and metrics (${engine})`, () => {
    let server: TestServer;
    let push: PushService;

    const metrics = async (authorization = `Bearer ${TOKEN}`) =>
      fetch(`${server.url}${API_PATHS.metrics}`, { headers: { authorization } });
    const ready = async () => {
      const res = await fetch(`${server.url}${API_PATHS.ready}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    before(async () => {
      push = await startPushService();
      server = await startTestServer(
        engine,
        { METRICS_TOKEN: TOKEN },
        { delivery: { pollMs: 50 }, readiness: { stalledAfterMs: STALLED_AFTER_MS } },
      );
    });
    after(async () => {
      await server?.stop();
      await push?.close();
    });

    test('/readyz answers ready while the database answers and the delivery engine turns', async () => {
      // Waits for the state, not on the clock: on a loaded machine one turn may take longer than the test's threshold.
      const { status, body } = await eventually(async () => {
        const answer = await ready();
        return answer.status === 200 && answer;
      });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.status, 'ready');
      assert.equal(body.database, 'ok');
      assert.equal(body.delivery, 'ok');
      assert.equal(body.redis, 'not configured');
      assert.ok(Number(body.deliveryLastTurnSeconds) <= STALLED_AFTER_MS / 1000);
      // The version is the root package.json's; the commit the build's (null when the tests run without a build).
      assert.equal(body.version, ROOT_VERSION);
      assert.ok(body.commit === null || /^[0-9a-f]{7,40}$/.test(String(body.commit)), String(body.commit));
    });

    test('/metrics needs the token: 401 with a Bearer challenge without it or with another, nothing counted', async () => {
      for (const authorization of ['', 'Bearer wrong-token', `Basic ${TOKEN}`, TOKEN]) {
        const res = await metrics(authorization);
        assert.equal(res.status, 401, authorization);
        assert.match(String(res.headers.get('www-authenticate')), /^Bearer/);
        assert.ok(!(await res.text()).includes('ummahnotify_deliveries'));
      }
    });

    test("a broadcast's messages by state, the refusals by code, and the oldest pending message's age", async () => {
      const api = client(server.url, await staffJar(server, 'admin@ops.example.sg', 'admin'));
      const masjid = await insertMasjid(server.app.db);
      const subscriptions = [push.subscribe(), push.subscribe(), push.subscribe(), push.subscribe()];
      await server.app.db
        .insertInto('subscribers')
        .values(
          subscriptions.map((s) =>
            newSubscriber({
              channel: 'webpush',
              address: s.endpoint,
              push_keys: JSON.stringify(s.keys),
              language: 'en',
            }),
          ),
        )
        .execute();
      // One phone unsubscribed (410: gone), one push service down for an hour (503, Retry-After: 3600).
      push.respondWith(subscriptions[2].endpoint, 410);
      push.respondWith(subscriptions[3].endpoint, 503, { 'retry-after': '3600' });
      const queuedAt = Date.now();
      const res = await api.post(JANAZA_PATHS.notices, {
        provider: masjid,
        name: 'Haji Metrics bin Osman',
        age: 70,
        postal: '198833',
        dueDate: '2030-06-01T14:30:00+08:00',
        address: 'Blk 1 Jalan Sultan',
        status: 'approved',
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));

      const figures = await eventually(async () => {
        const all = samples(await (await metrics()).text());
        const janaza = (state: string) =>
          value(all, 'ummahnotify_deliveries', { kind: 'janaza', channel: 'webpush', state });
        return janaza('sent') === 2 && janaza('failed') === 1 && janaza('pending') === 1 && all;
      });
      const scrapedAt = Date.now();
      assert.equal(value(figures, 'ummahnotify_provider_refusals', { channel: 'webpush', code: 'webpush:410' }), 1);
      assert.equal(value(figures, 'ummahnotify_provider_refusals', { channel: 'webpush', code: 'webpush:503' }), 1);
      const age = value(figures, 'ummahnotify_oldest_pending_seconds', { kind: 'janaza' }) ?? -1;
      assert.ok(
        age > 0 && age <= (scrapedAt - queuedAt) / 1000 + 1,
        `the retried message waits since the approval: ${age}`,
      );
      assert.equal(value(figures, 'ummahnotify_oldest_pending_seconds', { kind: 'events' }), 0);
      const turn = value(figures, 'ummahnotify_delivery_last_turn_seconds') ?? -1;
      assert.ok(turn >= 0, `the engine is running (-1 when not): ${turn}`);
      assert.ok(
        (value(figures, 'ummahnotify_http_request_duration_seconds_count', { route: API_PATHS.ready, status: '200' }) ??
          0) >= 1,
        'the request latencies include /readyz',
      );
      assert.ok((value(figures, 'ummahnotify_process_resident_memory_bytes') ?? 0) > 0, "the process's own figures");
    });

    test('delivery switched off shows as ummahnotify_delivery_switched_off per scope while it is off', async () => {
      await pauseAllDelivery(server.app.db, 'restored from a backup', null);
      await switchOffIn(server.app.db, 'telegram', 'bot token being rotated', null);
      let figures = samples(await (await metrics()).text());
      assert.equal(value(figures, 'ummahnotify_delivery_switched_off', { scope: 'all' }), 1);
      assert.equal(value(figures, 'ummahnotify_delivery_switched_off', { scope: 'telegram' }), 1);
      assert.equal(value(figures, 'ummahnotify_delivery_switched_off', { scope: 'email' }), undefined);
      await server.app.db.deleteFrom('delivery_switch').execute();
      figures = samples(await (await metrics()).text());
      assert.equal(value(figures, 'ummahnotify_delivery_switched_off', { scope: 'all' }), undefined);
    });

    test('a delivery engine stuck on a lock: /readyz goes unready while /healthz stays green, and ready again after', {
      skip: engine === 'sqlite' && 'a lock that makes a query wait for ever needs PostgreSQL',
    }, async () => {
      const holder = new pg.Client({ connectionString: server.database.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table outbox in access exclusive mode');
        const stalled = await eventually(async () => {
          const answer = await ready();
          return answer.status === 503 && answer;
        });
        assert.equal(stalled.body.delivery, 'stalled');
        assert.equal(stalled.body.database, 'ok');
        assert.ok(Number(stalled.body.deliveryLastTurnSeconds) >= STALLED_AFTER_MS / 1000);
        assert.equal((await fetch(`${server.url}${API_PATHS.health}`)).status, 200);
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      const again = await eventually(async () => {
        const answer = await ready();
        return answer.status === 200 && answer;
      });
      assert.equal(again.body.delivery, 'ok');
    });
  });
}

describe('metrics off', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer('sqlite');
  });
  after(async () => {
    await server?.stop();
  });

  test('without METRICS_TOKEN /metrics answers 404 and says how to turn them on', async () => {
    const res = await fetch(`${server.url}${API_PATHS.metrics}`, { headers: { authorization: 'Bearer anything' } });
    assert.equal(res.status, 404);
    assert.match(((await res.json()) as { message: string }).message, /METRICS_TOKEN/);
  });
});
