import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { eventRow, janazaRow, PUBLIC_URL, recipient, renderContext } from '../../../test/peers/message-fixtures';
import { startTelegramApi, type TelegramApi } from '../../../test/peers/telegram-api';
import { images } from '../../../test/support/images';
import { GOOGLE_MODE_ENV } from '../../../test/support/server';
import { loadConfig } from '../../config';
import { renderEvent, renderJanaza } from '../messages';
import { createTelegramChannel, derivedWebhookSecret, type TelegramChannel } from './telegram';

const TOKEN = '123456:AAE-test_token';
const env = (apiUrl: string, token = TOKEN) => ({
  NODE_ENV: 'test',
  PUBLIC_URL,
  ...GOOGLE_MODE_ENV,
  TELEGRAM_BOT_TOKEN: token,
  TELEGRAM_API_URL: apiUrl,
});

describe('Telegram channel against a fake Bot API', () => {
  let api: TelegramApi;
  let telegram: TelegramChannel;
  let photo: Buffer;
  /** The uploads the channel read, by id; an id not in `stored` is a photo whose bytes are gone. */
  const reads: string[] = [];
  const stored = new Map<string, Buffer>();
  before(async () => {
    photo = await images.jpeg(800, 600);
    for (const id of ['img-42', 'img-43', 'img-44']) stored.set(id, photo);
    api = await startTelegramApi({ token: TOKEN, username: 'ummah_test_bot' });
    telegram = await createTelegramChannel(loadConfig(env(api.url)), async (id) => {
      reads.push(id);
      return stored.get(id);
    });
  });
  after(async () => {
    await telegram.close();
    await api.close();
  });

  test('on, with the bot username from getMe', () => {
    assert.deepEqual(telegram.state, { channel: 'telegram', enabled: true, reason: null });
    assert.equal(telegram.botUsername, 'ummah_test_bot');
  });

  test('a notice with a photo goes as sendPhoto with a plain-text caption, the photo uploaded once and then sent by its file_id', async () => {
    const message = renderJanaza(janazaRow(), 'en', renderContext);
    assert.deepEqual(await telegram.send(recipient('telegram', '1001'), message), { ok: true });
    const sent = api.sent.at(-1);
    assert.equal(sent?.method, 'sendPhoto');
    assert.equal(sent?.chat_id, '1001');
    assert.equal(sent?.uploadedBytes, photo.length, 'the photo itself, not a URL Telegram would have to fetch');
    assert.equal(sent?.parse_mode, undefined);
    assert.deepEqual(await telegram.send(recipient('telegram', '1011'), message), { ok: true });
    const again = api.sent.at(-1);
    assert.deepEqual([again?.chat_id, again?.uploadedBytes, again?.photo], ['1011', undefined, sent?.photo]);
    assert.deepEqual(reads, ['img-42'], 'read once');
    const caption = sent?.caption ?? '';
    assert.ok(caption.startsWith('Janaza: Abdul Rahman bin Yusof\n\n'));
    assert.ok(caption.includes('Abdul Rahman bin Yusof (78) has passed away'));
    assert.ok(caption.includes('Burial at Choa Chu Kang <cemetery> & family home'), 'plain text, not escaped');
    assert.ok(caption.includes(message.url));
    assert.ok(caption.includes('Send /stop'));
  });

  test('ten sends of a new photo at once upload it once; the others wait for its file_id', async () => {
    const message = renderJanaza(janazaRow({ image_id: 'img-43' }), 'en', renderContext);
    const before = api.sent.length;
    const chats = Array.from({ length: 10 }, (_, i) => String(1100 + i));
    const outcomes = await Promise.all(chats.map((chat) => telegram.send(recipient('telegram', chat), message)));
    assert.deepEqual(
      outcomes,
      chats.map(() => ({ ok: true })),
    );
    const sent = api.sent.slice(before);
    assert.deepEqual(sent.map((m) => m.chat_id).sort(), chats);
    assert.equal(sent.filter((m) => m.uploadedBytes !== undefined).length, 1);
    assert.equal(new Set(sent.map((m) => m.photo)).size, 1);
  });

  test('a photo Telegram refuses costs nothing: the notice goes as text, in full', async () => {
    const message = renderJanaza(janazaRow({ image_id: 'img-44' }), 'en', renderContext);
    api.refusePhotos(true);
    try {
      assert.deepEqual(await telegram.send(recipient('telegram', '1201'), message), { ok: true });
    } finally {
      api.refusePhotos(false);
    }
    const sent = api.sent.at(-1);
    assert.deepEqual([sent?.method, sent?.chat_id, sent?.photo], ['sendMessage', '1201', undefined]);
    assert.ok(sent?.text?.startsWith('Janaza: Abdul Rahman bin Yusof\n\n'));
    assert.ok(sent?.text?.includes(message.url));
  });

  test('a photo whose bytes are gone costs nothing either: the notice goes as text', async () => {
    const message = renderJanaza(janazaRow({ image_id: 'img-gone' }), 'en', renderContext);
    assert.deepEqual(await telegram.send(recipient('telegram', '1202'), message), { ok: true });
    assert.deepEqual([api.sent.at(-1)?.method, api.sent.at(-1)?.chat_id], ['sendMessage', '1202']);
  });

  test('a Tamil event without a poster goes as sendMessage in Tamil', async () => {
    const message = renderEvent(eventRow(), 'ta', renderContext);
    assert.deepEqual(await telegram.send(recipient('telegram', '1002', 'ta'), message), { ok: true });
    const sent = api.sent.at(-1);
    assert.equal(sent?.method, 'sendMessage');
    assert.ok(sent?.text?.startsWith('குர்ஆன் கல்வி வட்டம்\n\n'));
    assert.ok(sent?.text?.includes('இடம்: மஸ்ஜித் அப்துல் கஃபூர்'));
    assert.ok(sent?.text?.includes('/stop அனுப்பவும்'));
  });

  test('a private notice sends no photo and no name', async () => {
    const message = renderJanaza(janazaRow({ is_privacy: 1 }), 'en', renderContext);
    assert.deepEqual(await telegram.send(recipient('telegram', '1003'), message), { ok: true });
    const sent = api.sent.at(-1);
    assert.equal(sent?.method, 'sendMessage');
    assert.equal(sent?.photo, undefined);
    assert.ok(!sent?.text?.includes('Abdul Rahman'));
    assert.ok(sent?.text?.startsWith('Janaza prayer notice'));
  });

  test('a long notice is shortened to the caption limit, keeping the title and the link', async () => {
    const message = renderJanaza(janazaRow({ note: 'x'.repeat(3000) }), 'en', renderContext);
    assert.deepEqual(await telegram.send(recipient('telegram', '1004'), message), { ok: true });
    const caption = api.sent.at(-1)?.caption ?? '';
    assert.ok(caption.length <= 1024, `caption of ${caption.length}`);
    assert.ok(caption.startsWith('Janaza: Abdul Rahman bin Yusof'));
    assert.ok(caption.includes(`…\n\n${message.url}`));
  });

  test('blocked bot and unknown chat are gone; 429 pauses the bot for retry_after (paced, not the chat failing); 5xx is temporary', async () => {
    const message = renderEvent(eventRow(), 'en', renderContext);
    api.block(2001);
    const blocked = await telegram.send(recipient('telegram', '2001'), message);
    assert.deepEqual(blocked, {
      ok: false,
      kind: 'gone',
      error: '403 Forbidden: bot was blocked by the user',
      code: 'telegram:403',
    });
    api.forget(2002);
    const unknown = await telegram.send(recipient('telegram', '2002'), message);
    assert.equal(!unknown.ok && unknown.kind, 'gone');
    api.rateLimit(1, 7);
    const limited = await telegram.send(recipient('telegram', '2003'), message);
    assert.deepEqual(!limited.ok && limited.kind === 'paced' && [limited.scope, limited.retryAfterMs], [
      'channel',
      7000,
    ]);
    api.failNext(1, 502);
    const down = await telegram.send(recipient('telegram', '2003'), message);
    assert.equal(!down.ok && down.kind, 'temporary');
    assert.deepEqual(await telegram.send(recipient('telegram', '2003'), message), { ok: true });
  });

  test('a revoked bot token is the account refused (the channel pauses), not the chat gone', async () => {
    const message = renderEvent(eventRow(), 'en', renderContext);
    api.revokeToken(true);
    try {
      assert.deepEqual(await telegram.send(recipient('telegram', '2101'), message), {
        ok: false,
        kind: 'account',
        code: 'telegram:401',
        error: '401 Unauthorized',
      });
    } finally {
      api.revokeToken(false);
    }
    assert.deepEqual(await telegram.send(recipient('telegram', '2101'), message), { ok: true });
  });

  test('sendText sends plain text', async () => {
    assert.deepEqual(await telegram.sendText('3001', 'Welcome'), { ok: true });
    assert.deepEqual(api.sent.at(-1), {
      method: 'sendMessage',
      chat_id: '3001',
      text: 'Welcome',
      caption: undefined,
      photo: undefined,
      parse_mode: undefined,
    });
  });

  test('registerWebhook sets the secret that Telegram then sends back with every update', async () => {
    const received: { secret: string | undefined; body: string }[] = [];
    const hook = createServer(async (req: IncomingMessage, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received.push({ secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined, body });
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    after(() => new Promise<void>((resolve) => hook.close(() => resolve())));
    // Telegram calls https on 443; here it arrives at the local server standing for the deployment's proxy.
    const url = 'https://notify.example.sg/api/public/telegram/webhook';
    api.routeWebhookHost('notify.example.sg', `http://127.0.0.1:${(hook.address() as AddressInfo).port}`);
    assert.deepEqual(await telegram.registerWebhook(url), { ok: true });
    assert.deepEqual(api.webhook, {
      url,
      secret: telegram.webhookSecret,
      allowedUpdates: ['message', 'my_chat_member'],
    });
    assert.equal(await api.deliverUpdate(api.messageUpdate(4001, '/start abc')), 200);
    assert.equal(received[0].secret, telegram.webhookSecret);
    assert.equal(JSON.parse(received[0].body).message.chat.id, 4001);
  });

  test('registerWebhook at an address Telegram does not call: refused with its answer, nothing registered', async () => {
    api.webhook = null;
    for (const [url, description] of [
      [
        'http://notify.example.sg/api/public/telegram/webhook',
        'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
      ],
      [
        'https://notify.example.sg:3000/api/public/telegram/webhook',
        'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443',
      ],
    ]) {
      assert.deepEqual(await telegram.registerWebhook(url), {
        ok: false,
        kind: 'permanent',
        error: `400 ${description}`,
        code: 'telegram:400',
      });
      assert.equal(api.webhook, null, url);
    }
  });
});

describe('Telegram channel configuration', () => {
  test('off without TELEGRAM_BOT_TOKEN', async () => {
    const telegram = await createTelegramChannel(loadConfig({ NODE_ENV: 'test' }));
    assert.deepEqual(telegram.state, {
      channel: 'telegram',
      enabled: false,
      reason: 'TELEGRAM_BOT_TOKEN is not set',
      reasonKey: 'reason.notSet1',
      reasonParams: { a: 'TELEGRAM_BOT_TOKEN' },
    });
    const outcome = await telegram.sendText('1', 'x');
    assert.equal(!outcome.ok && outcome.kind, 'permanent');
  });

  test('off, with the reason, when the Bot API refuses the token', async () => {
    const api = await startTelegramApi({ token: TOKEN });
    try {
      const telegram = await createTelegramChannel(loadConfig(env(api.url, '999:wrong')));
      assert.equal(telegram.state.enabled, false);
      assert.match(telegram.state.reason ?? '', /TELEGRAM_BOT_TOKEN was refused by the Bot API \(401 Unauthorized\)/);
    } finally {
      await api.close();
    }
  });

  test('stays on when getMe fails at start-up, and learns the username later', async () => {
    const api = await startTelegramApi({ token: TOKEN, username: 'late_bot' });
    try {
      api.failNext(1, 502);
      const telegram = await createTelegramChannel(loadConfig(env(api.url)));
      assert.equal(telegram.state.enabled, true);
      assert.equal(telegram.botUsername, null);
      assert.equal(await telegram.refreshBotUsername(), 'late_bot');
      assert.equal(telegram.botUsername, 'late_bot');
    } finally {
      await api.close();
    }
  });

  test('TELEGRAM_PAID_BROADCAST: janaza messages go as paid broadcasts (faster than 30 a second), events never', async () => {
    // The peer's free rate is 2 a second here, so that only a paid broadcast gets past it.
    const api = await startTelegramApi({ token: TOKEN, pace: { perSecond: 2, latencyMs: 0 } });
    try {
      const paid = await createTelegramChannel(loadConfig({ ...env(api.url), TELEGRAM_PAID_BROADCAST: 'true' }));
      const event = renderEvent(eventRow(), 'en', renderContext);
      const events = await Promise.all(
        Array.from({ length: 3 }, (_, i) => paid.send(recipient('telegram', String(3200 + i)), event)),
      );
      assert.equal(events.filter((o) => o.ok).length, 2, 'events stay within the free rate');
      const janaza = renderJanaza(janazaRow(), 'en', renderContext);
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, (_, i) => paid.send(recipient('telegram', String(3100 + i)), janaza)),
      );
      assert.deepEqual(outcomes, Array(5).fill({ ok: true }));
      assert.equal(api.pace.paidBroadcasts, 5);
      const free = await createTelegramChannel(loadConfig(env(api.url)));
      assert.equal(free.state.enabled, true);
      const before = api.calls.length;
      await free.send(recipient('telegram', '3300'), janaza);
      assert.equal(api.calls.at(-1)?.params.allow_paid_broadcast, undefined);
      assert.ok(api.calls.length > before);
    } finally {
      await api.close();
    }
  });

  test('an unreachable Bot API is a temporary failure', async () => {
    const api = await startTelegramApi({ token: TOKEN });
    await api.close();
    const telegram = await createTelegramChannel(loadConfig(env(api.url)));
    assert.equal(telegram.state.enabled, true);
    const outcome = await telegram.send(recipient('telegram', '1'), renderEvent(eventRow(), 'en', renderContext));
    assert.equal(!outcome.ok && outcome.kind, 'temporary');
  });

  test('the webhook secret: TELEGRAM_WEBHOOK_SECRET, else stable and derived from the token', async () => {
    const api = await startTelegramApi({ token: TOKEN });
    try {
      const derived = (await createTelegramChannel(loadConfig(env(api.url)))).webhookSecret;
      assert.match(derived, /^[A-Za-z0-9_-]{32,256}$/);
      assert.equal(derived, derivedWebhookSecret(TOKEN));
      assert.notEqual(derived, derivedWebhookSecret('123456:another'));
      const set = await createTelegramChannel(
        loadConfig({ ...env(api.url), TELEGRAM_WEBHOOK_SECRET: 'configured_secret-1234' }),
      );
      assert.equal(set.webhookSecret, 'configured_secret-1234');
    } finally {
      await api.close();
    }
  });
});
