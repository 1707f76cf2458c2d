import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import nodemailer from 'nodemailer';
import { images } from '../support/images';
import { startSmtpPeer } from './smtp';
import { startTelegramApi } from './telegram-api';
import { startWhatsAppApi } from './whatsapp-api';

/** The peers themselves answer as the real services do (what the channel tests rely on). */
describe('protocol peers', () => {
  test('SMTP peer parses a mail and rejects a recipient with the given code', async () => {
    const smtp = await startSmtpPeer();
    after(() => smtp.close());
    const transport = nodemailer.createTransport(smtp.url);
    after(() => transport.close());
    smtp.rejectRecipient('gone@example.com', 550, 'No such user');
    await transport.sendMail({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'Hello',
      text: 'Body',
      headers: { 'X-Test': 'yes' },
    });
    const [mail] = await smtp.waitFor(1);
    assert.equal(mail.subject, 'Hello');
    assert.deepEqual(mail.to, ['b@example.com']);
    assert.equal(mail.headers['x-test'], 'yes');
    await assert.rejects(
      transport.sendMail({ from: 'a@example.com', to: 'gone@example.com', subject: 'x', text: 'y' }),
      (error: { responseCode?: number }) => error.responseCode === 550,
    );
  });

  test('SMTP peer: 550 5.1.1 for an unknown mailbox; 550 5.7.1 Relaying denied for everyone while switched on', async () => {
    const smtp = await startSmtpPeer();
    after(() => smtp.close());
    const transport = nodemailer.createTransport(smtp.url);
    after(() => transport.close());
    const send = (to: string) => transport.sendMail({ from: 'a@example.com', to, subject: 'x', text: 'y' });
    const reply = (error: { response?: string }) => error.response ?? '';
    smtp.unknownMailbox('Nobody@Example.com');
    await assert.rejects(send('nobody@example.com'), (error: { response?: string; command?: string }) => {
      assert.equal(reply(error), '550 5.1.1 The email account that you tried to reach does not exist');
      assert.equal(error.command, 'RCPT TO');
      return true;
    });
    smtp.denyRelaying(true);
    await assert.rejects(send('b@example.com'), (error) => reply(error as object) === '550 5.7.1 Relaying denied');
    smtp.denyRelaying(false);
    await send('b@example.com');
    await smtp.waitFor(1);
    assert.deepEqual(smtp.refused, [
      { to: 'nobody@example.com', reply: '550 5.1.1 The email account that you tried to reach does not exist' },
      { to: 'b@example.com', reply: '550 5.7.1 Relaying denied' },
    ]);
  });

  test('Telegram peer: token, JSON and form bodies, block, rate limit, webhook delivery with the secret', async () => {
    const api = await startTelegramApi({ token: '42:abc', username: 'test_bot' });
    after(() => api.close());
    const call = (token: string, method: string, init?: RequestInit) =>
      fetch(`${api.url}/bot${token}/${method}`, { method: 'POST', ...init }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    assert.deepEqual((await call('42:wrong', 'getMe')).body, {
      ok: false,
      error_code: 401,
      description: 'Unauthorized',
    });
    assert.equal((await call('42:abc', 'getMe')).body.result.username, 'test_bot');
    const form = await call('42:abc', 'sendMessage', { body: new URLSearchParams({ chat_id: '7', text: 'hi' }) });
    assert.equal(form.status, 200);
    assert.deepEqual(api.sent[0], {
      method: 'sendMessage',
      chat_id: '7',
      text: 'hi',
      caption: undefined,
      photo: undefined,
      parse_mode: undefined,
    });
    api.block(8);
    const blocked = await call('42:abc', 'sendMessage', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 8, text: 'hi' }),
    });
    assert.equal(blocked.status, 403);
    api.rateLimit(1, 5);
    const limited = await call('42:abc', 'getMe');
    assert.equal(limited.status, 429);
    assert.equal(limited.body.parameters.retry_after, 5);

    let seen: { secret?: string | string[]; body?: string } = {};
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen = { secret: req.headers['x-telegram-bot-api-secret-token'], body };
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    after(() => hook.close());
    api.routeWebhookHost('hook.example.sg:8443', `http://127.0.0.1:${(hook.address() as AddressInfo).port}`);
    const setWebhook = (url: string) =>
      call('42:abc', 'setWebhook', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url, secret_token: 'sekret_123', allowed_updates: ['message'] }),
      });
    // https://core.telegram.org/bots/api#setwebhook: HTTPS only, on ports 443, 80, 88 or 8443
    for (const [url, description] of [
      ['http://hook.example.sg/hook', 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook'],
      [
        'https://hook.example.sg:3000/hook',
        'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443',
      ],
    ]) {
      assert.deepEqual(await setWebhook(url), {
        status: 400,
        body: { ok: false, error_code: 400, description },
      });
      assert.equal(api.webhook, null, url);
    }
    assert.equal((await setWebhook('https://hook.example.sg:8443/hook')).status, 200);
    assert.equal(await api.deliverUpdate(api.messageUpdate(7, '/start abc')), 200);
    assert.equal(seen.secret, 'sekret_123');
    assert.equal(JSON.parse(seen.body ?? '{}').message.text, '/start abc');
  });

  test('Telegram peer: sendPhoto as Telegram takes it (a file Telegram can read, a URL it can fetch, a file_id it gave)', async () => {
    const api = await startTelegramApi({ token: '42:abc' });
    after(() => api.close());
    const call = async (body: FormData | string, json = false) => {
      const r = await fetch(`${api.url}/bot42:abc/sendPhoto`, {
        method: 'POST',
        body,
        ...(json && { headers: { 'content-type': 'application/json' } }),
      });
      return { status: r.status, body: await r.json() };
    };
    const upload = (bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append('chat_id', '7');
      form.append('photo', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
      return call(form);
    };
    const byUrlOrId = (photo: string) => call(JSON.stringify({ chat_id: '7', photo }), true);
    const sent = await upload(new Uint8Array(await images.jpeg(300, 200)));
    assert.equal(sent.status, 200);
    const sizes = sent.body.result.photo as { file_id: string; width: number; height: number }[];
    assert.deepEqual(sizes.at(-1)?.width, 300, 'the size sharp reads from the upload');
    for (const { file_id } of sizes) assert.equal((await byUrlOrId(file_id)).status, 200, file_id);
    assert.deepEqual(
      (await byUrlOrId('AgACAgUAAxk-unknown')).body.description,
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
    // Telegram fetches from the Internet, never from a private or loopback address
    for (const url of [
      'http://127.0.0.1:3000/a.jpg',
      'https://192.168.1.20/a.jpg',
      'http://[::1]/a.jpg',
      'http://localhost/a.jpg',
    ])
      assert.deepEqual((await byUrlOrId(url)).body.description, 'Bad Request: failed to get HTTP URL content', url);
    assert.deepEqual(
      (await upload(new TextEncoder().encode('not an image'))).body.description,
      'Bad Request: IMAGE_PROCESS_FAILED',
    );
    assert.deepEqual(
      (await upload(new Uint8Array(await images.jpeg(9000, 1200)))).body.description,
      'Bad Request: PHOTO_INVALID_DIMENSIONS',
      'width and height over 10000 in total',
    );
  });

  test('WhatsApp peer: bearer token, opt-out error, signed webhook', async () => {
    const api = await startWhatsAppApi({ token: 'tok', phoneId: '555', appSecret: 'shh' });
    after(() => api.close());
    const post = (token: string, body: unknown) =>
      fetch(`${api.url}/555/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const message = { messaging_product: 'whatsapp', to: '6591234567', type: 'text', text: { body: 'hi' } };
    assert.equal((await post('bad', message)).status, 401);
    // free-form text outside the 24-hour window: refused as Meta refuses it
    assert.equal((await post('tok', message)).body.error.code, 131047);
    api.wroteIn('+6591234567');
    const ok = await post('tok', message);
    assert.match(ok.body.messages[0].id, /^wamid\./);
    api.optedOut('+6591234567');
    const opted = await post('tok', message);
    assert.equal(opted.body.error.code, 131050);
    const payload = api.webhookMessage('+6591234567', 'STOP') as {
      entry: { changes: { value: { messages: { from: string }[] } }[] }[];
    };
    assert.equal(payload.entry[0].changes[0].value.messages[0].from, '6591234567');
    assert.match(api.sign('{}'), /^sha256=[0-9a-f]{64}$/);
  });
});
