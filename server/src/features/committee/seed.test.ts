import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { engines } from '../../../test/support/databases';
import { startDemoServer } from '../../../test/support/demo-server';

for (const engine of engines()) {
  describe(`demo data for members and committee (${engine})`, () => {
    test('seeds plain members beside the providers, and a committee whose rights match the demo accounts', async () => {
      const demo = await startDemoServer(engine);
      try {
        const db = demo.app.db;
        const positions = (await db.selectFrom('members').select('position').execute()).map((r) => r.position);
        assert.ok(positions.filter((p) => p === 'member').length >= 5);
        assert.ok(positions.includes('masjid') && positions.includes('partner'), 'the providers are still seeded');
        const committee = await db
          .selectFrom('committee_members')
          .leftJoin('users', 'users.email', 'committee_members.email')
          .select(['committee_members.rights as granted', 'committee_members.backend_user', 'users.rights as held'])
          .execute();
        assert.ok(committee.length >= 6);
        for (const m of committee.filter((c) => c.backend_user === 1)) assert.equal(m.held, m.granted);
        assert.equal(committee.filter((c) => c.backend_user === 1 && c.granted === 'superadmin').length, 1);
      } finally {
        await demo.stop();
      }
    });
  });
}
