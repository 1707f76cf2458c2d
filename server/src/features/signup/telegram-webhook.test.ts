import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { startTelegramApi, type TelegramApi } from '../../../test/peers/telegram-api';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { eventually } from '../../../test/support/staff';

const BOT_TOKEN = '777002:webhook-test-token';
const WEBHOOK_SECRET = 'telegram-webhook-secret-0123456789';
/** A public https PUBLIC_URL: Telegram calls the webhook there (the peer routes it to the local server). */
const PUBLIC_URL = 'https://notify.example.sg';

for (const engine of engines()) {
  describe(`Telegram by webhook at a public https address (${engine})`, () => {
    let telegram: TelegramApi;
    let server: TestServer;
    before(async () => {
      telegram = await startTelegramApi({ token: BOT_TOKEN, username: 'webhook_bot' });
      server = await startTestServer(engine, {
        PUBLIC_URL,
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_API_URL: telegram.url,
        TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
        TELEGRAM_UPDATES: 'auto',
      });
      telegram.routeWebhookHost(new URL(PUBLIC_URL).host, server.url);
    });
    after(async () => {
      await server?.stop();
      await telegram?.close();
    });

    const subscribers = (chat: number) =>
      server.app.db
        .selectFrom('subscribers')
        .select(['active', 'confirmed'])
        .where('channel', '=', 'telegram')
        .where('address', '=', String(chat))
        .execute();
    const deepLinkToken = async () => {
      const res = await fetch(`${server.url}${SIGNUP_API.telegram}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.8.0.1' },
        body: JSON.stringify({ topics: ['janaza'], language: 'en' }),
      });
      assert.equal(res.status, 200);
      const token = new URL(((await res.json()) as { link: string }).link).searchParams.get('start');
      assert.ok(token);
      return token;
    };

    test('at start-up the webhook is registered under PUBLIC_URL with the secret; nothing polls', async () => {
      const webhook = await eventually(async () => telegram.webhook ?? undefined);
      assert.deepEqual(webhook, {
        url: `${PUBLIC_URL}/api/public/telegram/webhook`,
        secret: WEBHOOK_SECRET,
        allowedUpdates: ['message', 'my_chat_member'],
      });
      assert.ok(!telegram.calls.some((c) => c.method === 'getUpdates'));
    });

    test('a /start over the webhook subscribes the chat', async () => {
      await eventually(async () => telegram.webhook ?? undefined);
      const token = await deepLinkToken();
      assert.equal(await telegram.deliverUpdate(telegram.messageUpdate(5_300_001, `/start ${token}`)), 200);
      assert.deepEqual(
        (await subscribers(5_300_001)).map((r) => [String(r.active), String(r.confirmed)]),
        [['1', '1']],
      );
    });

    test('an update without the right secret is refused and writes nothing', async () => {
      await eventually(async () => telegram.webhook ?? undefined);
      const token = await deepLinkToken();
      const sentBefore = telegram.sent.length;
      const update = telegram.messageUpdate(5_300_009, `/start ${token}`);
      assert.equal(await telegram.deliverUpdate(update, { secret: 'wrong-secret-wrong-secret' }), 401);
      assert.equal(await telegram.deliverUpdate(update, { secret: null }), 401);
      assert.equal((await subscribers(5_300_009)).length, 0);
      assert.equal(telegram.sent.length, sentBefore);
      // the token was not used up by the refused calls
      assert.equal(await telegram.deliverUpdate(update), 200);
      assert.equal((await subscribers(5_300_009)).length, 1);
    });
  });
}
