import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import { type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { client } from '../../../test/support/client';
import { connectTo, engines, freshDatabase } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { eventually, insertMasjid, staffJar } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import { migrateToLatest, migratorFor } from '../../db/migrate';
import { deactivateByToken } from './store';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

for (const engine of engines()) {
  describe(`unsubscribe links are kept as hashes (${engine})`, () => {
    let server: TestServer;
    let smtp: SmtpPeer;

    before(async () => {
      smtp = await startSmtpPeer();
      server = await startTestServer(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'UmmahNotify <notices@example.sg>' });
    });
    after(async () => {
      await server?.stop();
      await smtp?.close();
    });

    test("an email's one-click link unsubscribes; the database holds only the link secret's SHA-256", async () => {
      const subscriber = newSubscriber({ channel: 'email', address: 'hashed.link@example.sg' });
      await server.app.db.insertInto('subscribers').values(subscriber).execute();
      const api = client(server.url, await staffJar(server, 'admin@unsub.example.sg', 'admin'));
      const res = await api.post(JANAZA_PATHS.notices, {
        provider: await insertMasjid(server.app.db),
        name: 'Haji Link Test',
        age: 70,
        postal: '198833',
        dueDate: '2030-05-01T14:30:00+08:00',
        address: 'Blk 1 Jalan Sultan',
        status: 'approved',
      });
      assert.equal(res.status, 201);
      const [mail] = await smtp.waitFor(1);
      const oneClick = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
      assert.ok(oneClick, JSON.stringify(mail.headers));
      const token = decodeURIComponent(oneClick.split('/').at(-1) ?? '');

      const row = await server.app.db
        .selectFrom('subscribers')
        .selectAll()
        .where('id', '=', subscriber.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.token_hash, sha256(token));
      assert.ok(!Object.values(row).some((v) => String(v).includes(token)), 'the secret itself is not stored');

      const answer = await fetch(oneClick, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      assert.equal(answer.status, 200);
      await eventually(async () => {
        const after = await server.app.db
          .selectFrom('subscribers')
          .select('active')
          .where('id', '=', subscriber.id)
          .executeTakeFirstOrThrow();
        return Number(after.active) === 0;
      });
    });
  });

  describe(`the migration to hashed unsubscribe tokens (${engine})`, () => {
    test('hashes the tokens stored in clear; the links already sent keep working', async () => {
      const database = await freshDatabase(engine);
      const db = connectTo(database);
      try {
        await migratorFor(db).migrateTo('2026-11-24-061-delivery-claims');
        const token = randomBytes(32).toString('base64url');
        const { token_hash: _h, soft_bounces: _s, ...row } = newSubscriber({ channel: 'email' });
        const id = randomUUID();
        // biome-ignore lint/suspicious/noExplicitAny: the table as it was before this migration
        await (db as any)
          .insertInto('subscribers')
          .values({ ...row, id, token })
          .execute();
        await migrateToLatest(db);

        const migrated = await db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        // Kept with the links a subscriber was sent before its current one (a later migration moved it there).
        const kept = await db
          .selectFrom('unsubscribe_legacy_tokens')
          .selectAll()
          .where('subscriber_id', '=', id)
          .execute();
        assert.deepEqual(
          kept.map((k) => k.legacy_token_hash),
          [sha256(token)],
        );
        assert.ok(!('token' in migrated), 'the clear column is gone');
        const found = await deactivateByToken(db, token);
        assert.equal(found?.id, id);
      } finally {
        await db.destroy();
        await database.drop();
      }
    });
  });
}
