import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { engines, freshDatabase, type TestDatabase } from '../../test/support/databases';
import { connect, type Db } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { type Jobs, startJobs } from './index';

const quiet = { error: () => {}, warn: () => {} };
const MINUTE = 60_000;

for (const engine of engines()) {
  describe(`periodic jobs run once across instances (${engine})`, () => {
    let database: TestDatabase;
    const dbs: Db[] = [];
    const started: Jobs[] = [];
    /** The instances' shared clock: the tests move it instead of waiting. */
    let nowMs = Date.parse('2030-03-01T00:00:00.000Z');
    const now = () => new Date(nowMs);
    /** `count` instances' schedulers on one fresh database (the timer is left out: the test ticks). */
    async function schedulers(count: number): Promise<Jobs[]> {
      database ??= await freshDatabase(engine);
      const url = database.databaseUrl;
      for (let i = 0; i < count; i++)
        dbs.push(
          connect(url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(database.dataDir, 'jobs.sqlite') }),
        );
      await migrateToLatest(dbs[0]);
      const made = dbs.slice(-count).map((db) => startJobs(db, quiet, { tickMs: 3_600_000, now }));
      started.push(...made);
      return made;
    }
    after(async () => {
      await Promise.all(started.map((j) => j.close()));
      await Promise.all(dbs.map((db) => db.destroy()));
      await database?.drop();
    });

    test('three instances looking at the same moment: the job runs once, and not again before it is due', async () => {
      const runs: number[] = [];
      const instances = await schedulers(3);
      instances.forEach((jobs, i) => {
        jobs.register({ name: 'purge', everyMs: MINUTE, run: async () => void runs.push(i) });
      });
      const ran = await Promise.all(instances.map((jobs) => jobs.runDue()));
      assert.equal(runs.length, 1, `ran by instances ${runs.join(', ')}`);
      assert.equal(ran.flat().length, 1);
      nowMs += MINUTE - 1;
      await Promise.all(instances.map((jobs) => jobs.runDue()));
      assert.equal(runs.length, 1, 'not due again for a minute');
      nowMs += 1;
      const again = await Promise.all(instances.map((jobs) => jobs.runDue()));
      assert.equal(runs.length, 2, `due again after a minute, once: ran by instances ${runs.join(', ')}`);
      assert.equal(again.flat().length, 1);
    });

    test('an instance that dies mid-run: another takes the job once the lease runs out', async () => {
      const [dying, survivor] = await schedulers(2);
      const runs: string[] = [];
      let entered: () => void = () => {};
      const inRun = new Promise<void>((resolve) => {
        entered = resolve;
      });
      // The dying instance's run never ends (its process is gone); its lease is a minute.
      dying.register({
        name: 'retention',
        everyMs: 60 * MINUTE,
        leaseMs: MINUTE,
        run: () => {
          runs.push('dying');
          entered();
          return new Promise<void>(() => {});
        },
      });
      survivor.register({
        name: 'retention',
        everyMs: 60 * MINUTE,
        leaseMs: MINUTE,
        run: async () => void runs.push('survivor'),
      });
      void dying.runDue();
      await inRun;
      assert.deepEqual(await survivor.runDue(), [], 'held while the lease lasts');
      nowMs += MINUTE;
      assert.deepEqual(await survivor.runDue(), [], 'held up to the last moment of the lease');
      nowMs += 1;
      assert.deepEqual(await survivor.runDue(), ['retention'], 'taken once the lease has run out');
      assert.deepEqual(runs, ['dying', 'survivor']);
      // A dead instance is never closed (close() would wait for its run).
      started.splice(started.indexOf(dying), 1);
    });
  });
}
