import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { startTelegramApi, type TelegramApi } from '../../../test/peers/telegram-api';
import { engines } from '../../../test/support/databases';
import { startInstances, type TestInstances } from '../../../test/support/instances';
import { GOOGLE_MODE_ENV, startTestServer, type TestServer } from '../../../test/support/server';
import { eventually } from '../../../test/support/staff';
import { loadConfig } from '../../config';

const BOT_TOKEN = '777001:polling-test-token';

async function deepLinkToken(url: string, language: 'en' | 'ta'): Promise<string> {
  const res = await fetch(`${url}${SIGNUP_API.telegram}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
    body: JSON.stringify({ topics: ['janaza'], language }),
  });
  assert.equal(res.status, 200);
  const { link } = (await res.json()) as { link: string };
  const token = new URL(link).searchParams.get('start');
  assert.ok(token);
  return token;
}

describe('TELEGRAM_UPDATES: a webhook only with a public https address', () => {
  test('auto polls for http, localhost, private addresses and other ports, and uses the webhook for public https', () => {
    const mode = (PUBLIC_URL: string, TELEGRAM_UPDATES?: string) =>
      loadConfig({
        NODE_ENV: 'test',
        ...GOOGLE_MODE_ENV,
        PUBLIC_URL,
        ...(TELEGRAM_UPDATES ? { TELEGRAM_UPDATES } : {}),
      }).telegramUpdates;
    for (const url of [
      // http is accepted outside demo mode on loopback only (config.ts refuseHttpOffLoopback)
      'http://localhost:3000',
      'https://localhost:3000',
      'https://192.168.1.20',
      'https://10.0.0.5:8443',
      'https://172.20.1.1',
      'https://[::1]:3000',
      'https://[fd12:3456::1]',
      'https://mosque-pi.local',
      'https://notify.home.arpa',
      'https://raspberrypi',
      // a port Telegram does not call webhooks on (https://core.telegram.org/bots/api#setwebhook)
      'https://notify.example.sg:3000',
    ])
      assert.equal(mode(url), 'polling', url);
    for (const url of [
      'https://notify.example.sg',
      'https://notify.example.sg:8443',
      'https://notify.example.sg:88',
      'https://203.0.113.7',
      'https://[2001:db8::1]',
    ])
      assert.equal(mode(url), 'webhook', url);
    assert.equal(mode('https://notify.example.sg', 'polling'), 'polling');
    assert.equal(mode('http://127.0.0.1:3000', 'webhook'), 'webhook');
    assert.throws(() => mode('https://notify.example.sg', 'sometimes'), /TELEGRAM_UPDATES/);
  });
});

for (const engine of engines()) {
  describe(`Telegram by long polling (${engine})`, () => {
    let telegram: TelegramApi;
    let server: TestServer;
    before(async () => {
      telegram = await startTelegramApi({ token: BOT_TOKEN, username: 'polling_bot' });
      // a webhook left from an earlier deployment: getUpdates answers 409 until it is deleted
      telegram.webhook = { url: 'https://old.example.sg/hook', secret: null, allowedUpdates: null };
      server = await startTestServer(engine, {
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_API_URL: telegram.url,
        TELEGRAM_UPDATES: 'auto',
      });
    });
    after(async () => {
      await server?.stop();
      await telegram?.close();
    });

    test('a /start from Telegram reaches the sign-up by getUpdates; no webhook is set', async () => {
      const token = await deepLinkToken(server.url, 'ta');
      const chat = 5_100_001;
      // the first poll finds the old webhook (409) and deletes it
      await eventually(async () => telegram.webhook === null);
      assert.equal(await telegram.deliverUpdate(telegram.messageUpdate(chat, `/start ${token}`)), 200);
      const row = await server.app.db
        .selectFrom('subscribers')
        .selectAll()
        .where('channel', '=', 'telegram')
        .where('address', '=', String(chat))
        .executeTakeFirst();
      assert.deepEqual([row?.language, String(row?.active), String(row?.confirmed)], ['ta', '1', '1']);
      const welcome = await eventually(async () => telegram.sent.find((m) => m.chat_id === String(chat)));
      assert.match(welcome.text ?? '', /UmmahNotify/);
      assert.equal(telegram.webhook, null, 'the old webhook was deleted');
      assert.ok(telegram.calls.some((c) => c.method === 'deleteWebhook'));
      assert.ok(!telegram.calls.some((c) => c.method === 'setWebhook'));
      const poll = telegram.calls.find((c) => c.method === 'getUpdates');
      assert.ok(Number(poll?.params.timeout) > 0, 'a long poll');

      // /stop the same way; the confirmed /start is not read again
      assert.equal(await telegram.deliverUpdate(telegram.messageUpdate(chat, '/stop')), 200);
      const stopped = await server.app.db
        .selectFrom('subscribers')
        .select('active')
        .where('address', '=', String(chat))
        .executeTakeFirst();
      assert.equal(String(stopped?.active), '0');
      assert.equal(telegram.pendingUpdates, 0);
      assert.equal(telegram.sent.filter((m) => m.chat_id === String(chat)).length, 2);
    });
  });

  describe(`Telegram polling on three instances: one poller at a time (${engine})`, () => {
    let telegram: TelegramApi;
    let three: TestInstances;
    before(async () => {
      telegram = await startTelegramApi({ token: BOT_TOKEN, username: 'polling_bot' });
      three = await startInstances(engine, 3, { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_URL: telegram.url });
    });
    after(async () => {
      await three?.stop();
      await telegram?.close();
    });

    test('every /start is handled once and no getUpdates ends another (409)', async () => {
      const chats = [5_200_001, 5_200_002, 5_200_003];
      for (const [i, chat] of chats.entries()) {
        const token = await deepLinkToken(three.urls[i] as string, 'en');
        assert.equal(await telegram.deliverUpdate(telegram.messageUpdate(chat, `/start ${token}`)), 200);
      }
      const rows = await three.apps[0]?.db
        .selectFrom('subscribers')
        .select('address')
        .where('channel', '=', 'telegram')
        .execute();
      assert.deepEqual(rows?.map((r) => r.address).sort(), chats.map(String));
      for (const chat of chats) assert.equal(telegram.sent.filter((m) => m.chat_id === String(chat)).length, 1);
      assert.equal(telegram.conflicts, 0);
    });
  });
}
