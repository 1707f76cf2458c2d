import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import type { NewSubscriberRow } from '../src/db/schema';
import { startTelegramApi, type TelegramApi } from './peers/telegram-api';
import { client } from './support/client';
import { engines } from './support/databases';
import { deliveriesSettled } from './support/deliveries';
import { startTestServer, type TestServer } from './support/server';
import type { CookieJar } from './support/sign-in';
import { eventually, insertMasjid, staffJar } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

/**
 * An account-level refusal: the bot's token revoked while a janaza goes out. Telegram then answers
 * every call 401 Unauthorized (the peer, as the Bot API does). Nobody may fail or be retired for it: the
 * channel pauses, and once the token works again the channel tries again on its own (its first try 15 s
 * after the refusal, docs/decisions/2026-11-28-delivery-that-hears-back.md) and every person gets the notice.
 * What was received is read from the peer.
 */
for (const engine of engines()) {
  describe(`an account-level refusal pauses the channel, never fails the recipient (${engine})`, () => {
    let server: TestServer;
    let telegram: TelegramApi;
    let admin: CookieJar;
    let masjid: string;
    const people: NewSubscriberRow[] = Array.from({ length: 6 }, () =>
      newSubscriber({ channel: 'telegram', topic_events: 0 }),
    );

    before(async () => {
      telegram = await startTelegramApi({ token: '7373:account-pause-token' });
      server = await startTestServer(
        engine,
        { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_URL: telegram.url },
        { delivery: { pollMs: 50 } },
      );
      admin = await staffJar(server, 'admin@pause.example.sg', 'admin');
      masjid = await insertMasjid(server.app.db);
      await server.app.db.insertInto('subscribers').values(people).execute();
    });
    after(async () => {
      await server?.stop();
      await telegram?.close();
    });

    test('a revoked bot token: everyone waits, nobody fails; the token back, everyone gets the janaza without staff', async () => {
      telegram.revokeToken(true);
      const created = await client(server.url, admin).post<{ data?: { _id: string } }>(JANAZA_PATHS.notices, {
        provider: masjid,
        name: 'Haji Yusof bin Ahmad',
        age: 74,
        postal: '198833',
        address: 'Blk 1 Jalan Sultan',
        dueDate: '2030-05-01T14:30:00+08:00',
        status: 'approved',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const { db } = server.app;

      // The channel is paused with Telegram's answer, and the refused messages wait for it.
      const pause = await eventually(async () =>
        db.selectFrom('channel_pauses').selectAll().where('channel', '=', 'telegram').executeTakeFirst(),
      );
      assert.equal(pause.code, 'telegram:401');
      assert.match(pause.reason, /Unauthorized/);
      const waiting = await eventually(async () => {
        const rows = await db.selectFrom('deliveries').select(['state', 'waiting', 'attempts']).execute();
        return rows.length === people.length && rows.every((r) => r.state !== 'sending') && rows;
      });
      assert.deepEqual(
        waiting.map((r) => [r.state, r.waiting]),
        people.map(() => ['pending', 'account']),
      );
      assert.equal(telegram.sent.length, 0, 'the peer accepted nothing while the token was revoked');
      const active = await db.selectFrom('subscribers').select('active').where('channel', '=', 'telegram').execute();
      assert.deepEqual(
        active.map((r) => Number(r.active)),
        people.map(() => 1),
        'nobody retired',
      );

      telegram.revokeToken(false);
      await deliveriesSettled(db);
      const rows = await db.selectFrom('deliveries').select(['state', 'attempts']).execute();
      assert.deepEqual(
        rows.map((r) => r.state),
        people.map(() => 'sent'),
      );
      assert.deepEqual(
        rows.map((r) => Number(r.attempts)),
        people.map(() => 1),
        'a refusal of the account spent no attempt',
      );
      assert.deepEqual(
        telegram.sent.map((s) => s.chat_id).sort(),
        people.map((p) => p.address).sort(),
        'each person got the janaza once',
      );
      assert.equal(
        (await db.selectFrom('channel_pauses').selectAll().execute()).length,
        0,
        'the pause ended with the first message that went',
      );
    });
  });
}
