import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../../test/support/databases';
import { startDemoServer } from '../../../test/support/demo-server';
import { countSummaryDirectly } from '../../../test/support/summary-direct-count';
import { readSummary } from '../summary/counters';
import { demoSubscribers } from './seed';

describe('demo subscribers', () => {
  test('cover every channel, language and state, with demo-only addresses', () => {
    const rows = demoSubscribers();
    assert.equal(rows.length, 240);
    assert.deepEqual([...new Set(rows.map((r) => r.channel))].sort(), ['email', 'telegram', 'webpush', 'whatsapp']);
    assert.deepEqual([...new Set(rows.map((r) => r.language))].sort(), ['en', 'ta']);
    assert.ok(
      rows.some((r) => r.confirmed === 0 && r.active === 1),
      'some wait for confirmation',
    );
    assert.ok(
      rows.some((r) => r.active === 0),
      'some are deactivated',
    );
    assert.ok(
      rows.every((r) => r.topic_janaza === 1 || r.topic_events === 1),
      'everyone has a topic',
    );
    assert.equal(
      new Set(rows.map((r) => `${r.channel} ${r.address}`)).size,
      rows.length,
      'addresses are unique per channel',
    );
    for (const r of rows) {
      if (r.channel === 'email') assert.match(r.address, /@demo\.ummahnotify\.invalid$/);
      if (r.channel === 'webpush') assert.match(r.address, /\/demo-[a-z0-9]{40}$/);
      if (r.channel === 'whatsapp') assert.match(r.address, /^\+65[89]\d{7}$/);
    }
    const withoutIds = () => demoSubscribers(240, Date.UTC(2026, 10, 1)).map(({ id: _, ...r }) => r);
    assert.deepEqual(withoutIds(), withoutIds(), 'the same every time, apart from ids');
  });

  for (const engine of engines()) {
    describe(`in a demo server (${engine})`, () => {
      let demo: Awaited<ReturnType<typeof startDemoServer>>;
      before(async () => {
        demo = await startDemoServer(engine);
      });
      after(async () => demo.stop());

      test('are seeded, and the summary counts them', async () => {
        const count = await demo.app.db
          .selectFrom('subscribers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(count.n), 240);
        const { updatedAt: _a, ...kept } = await readSummary(demo.app.db);
        const { updatedAt: _b, ...counted } = await countSummaryDirectly(demo.app.db);
        assert.deepEqual(kept, counted);
        assert.ok(
          kept.subscribers.web.total > 0 &&
            kept.subscribers.email > 0 &&
            kept.subscribers.whatsapp > 0 &&
            kept.subscribers.telegram > 0,
        );
      });
    });
  }
});
