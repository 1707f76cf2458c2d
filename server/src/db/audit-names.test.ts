import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { connectTo, engines, freshDatabase } from '../../test/support/databases';
import { migratorFor } from './migrate';

// The names the features wrote before 2026-11-25-090-audit-names, and the ones the activity log reads since.
for (const engine of engines()) {
  describe(`the audit names of before 2026-11-25 are renamed (${engine})`, async () => {
    const database = await freshDatabase(engine);
    const db = connectTo(database);
    after(async () => {
      await db.destroy();
      await database.drop();
    });

    test('event.create becomes event.created; committee rows take the entity committee-member', async () => {
      const migrator = migratorFor(db);
      await migrator.migrateTo('2026-11-25-082-retention');
      const row = (id: string, action: string, entity: string) => ({ id, action, entity, at: '2026-11-20T00:00:00Z' });
      await db
        .insertInto('audit_log')
        .values([
          row('1', 'event.create', 'event'),
          row('2', 'committee.role-assigned', 'committee_member'),
          row('3', 'janaza.correction', 'janaza'),
          row('4', 'member.created', 'member'),
        ])
        .execute();
      const { error } = await migrator.migrateToLatest();
      assert.equal(error, undefined);
      const rows = await db.selectFrom('audit_log').select(['id', 'action', 'entity']).orderBy('id').execute();
      assert.deepEqual(rows, [
        { id: '1', action: 'event.created', entity: 'event' },
        { id: '2', action: 'committee-member.role-assigned', entity: 'committee-member' },
        { id: '3', action: 'janaza.corrected', entity: 'janaza' },
        { id: '4', action: 'member.created', entity: 'member' },
      ]);
    });
  });
}
