import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../test/support/databases';
import { startDemoServer } from '../../test/support/demo-server';
import { expandNextOutbox } from '../delivery/expand';
import { enqueueCorrection } from '../delivery/outbox';
import { deliveryStatus } from '../delivery/status';

for (const engine of engines()) {
  describe(`demo delivery history (${engine})`, () => {
    let demo: Awaited<ReturnType<typeof startDemoServer>>;
    before(async () => {
      demo = await startDemoServer(engine);
    });
    after(async () => demo.stop());

    test('approved sample notices and published sample events show sent counts; the others were never sent', async () => {
      const db = demo.app.db;
      const notices = await db.selectFrom('janaza_notices').select(['id', 'status', 'due_date']).execute();
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
        assert.ok(sendings?.length === 1 || sendings?.length === 2, `${item}: a broadcast, perhaps a correction`);
        assert.deepEqual(
          sendings.map((s) => s.number),
          sendings.length === 1 ? [0] : [0, 1],
        );
        for (const sending of sendings) {
          assert.equal(sending.expanded, true);
          const channels = Object.values(sending.channels);
          assert.ok(
            channels.every((c) => c.sent > 0 && c.pending === 0),
            `${item}: sent on every channel, none pending`,
          );
          assert.ok(
            channels.some((c) => c.failed > 0),
            `${item}: a few failed, as in life`,
          );
        }
      }
      // The demo story: one correction sent, on a notice still to come; one message expired, on
      // the notice whose prayer time has passed.
      const corrected = notices.filter((n) => janaza[n.id]?.length === 2);
      assert.equal(corrected.length, 1);
      assert.ok(Date.parse(corrected[0].due_date) > Date.now());
      const expired = notices.flatMap((n) =>
        (janaza[n.id] ?? []).flatMap((s) => Object.values(s.channels).map((c) => ({ n, expired: c.expired }))),
      );
      assert.equal(
        expired.reduce((sum, e) => sum + e.expired, 0),
        1,
      );
      const late = expired.find((e) => e.expired > 0);
      assert.ok(late && Date.parse(late.n.due_date) < Date.now());
    });

    test('a correction of a demo notice reaches no demo subscriber', async () => {
      const db = demo.app.db;
      const notice = await db
        .selectFrom('janaza_notices')
        .select('id')
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      const before = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('number').as('n'))
        .where('item_id', '=', notice.id)
        .executeTakeFirstOrThrow();
      const number = await enqueueCorrection(db, 'janaza', notice.id, 'tester');
      assert.equal(number, Number(before.n) + 1);
      // The app's own worker may expand it first; either way, it ends expanded.
      for (let i = 0; i < 50; i++) {
        await expandNextOutbox(db, engine, ['webpush', 'email', 'telegram', 'whatsapp']);
        const row = await db
          .selectFrom('outbox')
          .select(['id', 'state'])
          .where('item_id', '=', notice.id)
          .where('number', '=', number)
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
