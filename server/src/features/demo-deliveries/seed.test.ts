import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../../test/support/databases';
import { startDemoServer } from '../../../test/support/demo-server';
import { expandNextOutbox } from '../../delivery/expand';
import { enqueueCorrection } from '../../delivery/outbox';
import { deliveryStatus } from '../../delivery/status';

for (const engine of engines()) {
  describe(`demo delivery history (${engine})`, () => {
    let demo: Awaited<ReturnType<typeof startDemoServer>>;
    before(async () => {
      demo = await startDemoServer(engine);
    });
    after(async () => demo.stop());

    test('approved sample notices and published sample events show sent counts; the others were never sent', async () => {
      const db = demo.app.db;
      const notices = await db.selectFrom('janaza_notices').select(['id', 'status']).execute();
      const events = await db.selectFrom('events').select(['id', 'published']).execute();
      const janaza = await deliveryStatus(
        db,
        'janaza',
        notices.map((n) => n.id),
      );
      const published = await deliveryStatus(
        db,
        'events',
        events.map((e) => e.id),
      );
      assert.ok(notices.some((n) => n.status === 'approved') && events.some((e) => Number(e.published) === 1));
      for (const [item, sendings, sent] of [
        ...notices.map((n) => [n.id, janaza[n.id], n.status === 'approved'] as const),
        ...events.map((e) => [e.id, published[e.id], Number(e.published) === 1] as const),
      ]) {
        if (!sent) {
          assert.equal(sendings, undefined, `${item} was never sent`);
          continue;
        }
        assert.equal(sendings?.length, 1, `${item}: one broadcast`);
        const [broadcast] = sendings;
        assert.equal(broadcast.expanded, true);
        const channels = Object.values(broadcast.channels);
        assert.ok(
          channels.every((c) => c.sent > 0 && c.pending === 0),
          `${item}: sent on every channel, none pending`,
        );
        assert.ok(
          channels.some((c) => c.failed > 0),
          `${item}: a few failed, as in life`,
        );
      }
    });

    test('a correction of a demo notice reaches no demo subscriber', async () => {
      const db = demo.app.db;
      const notice = await db
        .selectFrom('janaza_notices')
        .select('id')
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      const number = await enqueueCorrection(db, 'janaza', notice.id, 'tester');
      assert.equal(number, 1);
      // The app's own worker may expand it first; either way, it ends expanded.
      for (let i = 0; i < 50; i++) {
        await expandNextOutbox(db, engine, ['webpush', 'email', 'telegram', 'whatsapp']);
        const row = await db
          .selectFrom('outbox')
          .select(['id', 'state'])
          .where('item_id', '=', notice.id)
          .where('number', '=', 1)
          .executeTakeFirstOrThrow();
        if (row.state !== 'expanded') continue;
        const queued = await db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('outbox_id', '=', row.id)
          .executeTakeFirstOrThrow();
        assert.equal(Number(queued.n), 0);
        return;
      }
      assert.fail('the correction was never expanded');
    });
  });
}
