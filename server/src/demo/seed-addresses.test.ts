import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../test/support/databases';
import { startDemoServer } from '../../test/support/demo-server';

/** Sample people's addresses are on a domain RFC 2606 reserves, so no real mailbox gets them. */
const RESERVED = /@([a-z0-9-]+\.)*(invalid|example\.org)$/i;

for (const engine of engines()) {
  describe(`demo data's sample people (${engine})`, () => {
    let demo: Awaited<ReturnType<typeof startDemoServer>>;
    before(async () => {
      demo = await startDemoServer(engine);
    });
    after(async () => demo.stop());

    test('every seeded email is on a reserved domain (.invalid or example.org)', async () => {
      const db = demo.app.db;
      const emails = [
        ...(await db.selectFrom('users').select('email').execute()).map((r) => r.email),
        ...(await db.selectFrom('members').select('email').execute()).map((r) => r.email),
        ...(await db.selectFrom('committee_members').select('email').execute()).map((r) => r.email),
        ...(await db.selectFrom('subscribers').select('address').where('channel', '=', 'email').execute()).map(
          (r) => r.address,
        ),
      ].filter(Boolean);
      assert.ok(emails.length > 50, `${emails.length} sample addresses`);
      assert.deepEqual(
        emails.filter((e) => !RESERVED.test(e)),
        [],
      );
    });
  });
}
