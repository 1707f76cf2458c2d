import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventRow, janazaRow, PUBLIC_URL, recipient, renderContext } from '../../../test/peers/message-fixtures';
import { startWhatsAppApi, type WhatsAppApi } from '../../../test/peers/whatsapp-api';
import { loadConfig } from '../../config';
import { renderEvent, renderJanaza } from '../messages';
import { createWhatsAppChannel, type WhatsAppChannel } from './whatsapp';

const TOKEN = 'EAAG-test-token';
const PHONE_ID = '109876543210';
const APP_SECRET = 'app-secret-for-tests';
const env = (apiUrl: string, token = TOKEN) => ({
  NODE_ENV: 'test',
  PUBLIC_URL,
  WHATSAPP_TOKEN: token,
  WHATSAPP_PHONE_ID: PHONE_ID,
  WHATSAPP_API_URL: apiUrl,
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: 'verify-me',
});

describe('WhatsApp channel against a fake Cloud API', () => {
  let api: WhatsAppApi;
  let whatsapp: WhatsAppChannel;
  before(async () => {
    api = await startWhatsAppApi({ token: TOKEN, phoneId: PHONE_ID, appSecret: APP_SECRET });
    whatsapp = await createWhatsAppChannel(loadConfig(env(api.url)));
  });
  after(async () => {
    await whatsapp.close();
    await api.close();
  });

  test('on, with the verify token', () => {
    assert.deepEqual(whatsapp.state, { channel: 'whatsapp', enabled: true, reason: null });
    assert.equal(whatsapp.verifyToken, 'verify-me');
  });

  test('a notice goes as text to the digits of the number, with the link and the photo link', async () => {
    const message = renderJanaza(janazaRow(), 'en', renderContext);
    assert.deepEqual(await whatsapp.send(recipient('whatsapp', '+6591234567'), message), { ok: true });
    const sent = api.sent.at(-1);
    assert.equal(sent?.to, '6591234567');
    assert.equal(sent?.type, 'text');
    const body = sent?.body ?? '';
    assert.ok(body.startsWith('Janaza: Abdul Rahman bin Yusof\n\n'));
    assert.ok(body.includes('Abdul Rahman bin Yusof (78) has passed away'));
    assert.ok(body.includes(message.url));
    assert.ok(body.includes(`Photo: ${PUBLIC_URL}/api/public/images/img-42`));
    assert.ok(body.includes('Reply STOP'));
  });

  test('a Tamil event is in Tamil', async () => {
    const message = renderEvent(eventRow(), 'ta', renderContext);
    assert.deepEqual(await whatsapp.send(recipient('whatsapp', '+6581234567', 'ta'), message), { ok: true });
    const body = api.sent.at(-1)?.body ?? '';
    assert.ok(body.startsWith('குர்ஆன் கல்வி வட்டம்\n\n'));
    assert.ok(body.includes('இடம்: மஸ்ஜித் அப்துல் கஃபூர்'));
    assert.ok(body.includes('STOP என்று பதிலளிக்கவும்'));
  });

  test('a private notice has no name and no photo', async () => {
    const message = renderJanaza(janazaRow({ is_privacy: 1 }), 'en', renderContext);
    assert.deepEqual(await whatsapp.send(recipient('whatsapp', '+6591230000'), message), { ok: true });
    const body = api.sent.at(-1)?.body ?? '';
    assert.ok(body.startsWith('Janaza prayer notice'));
    assert.ok(!body.includes('Abdul Rahman'));
    assert.ok(!body.includes('/api/public/images/'));
  });

  test('opted out and undeliverable are gone; rate limits and 5xx are temporary', async () => {
    const message = renderEvent(eventRow(), 'en', renderContext);
    api.optedOut('+6590000001');
    const opted = await whatsapp.send(recipient('whatsapp', '+6590000001'), message);
    assert.equal(!opted.ok && opted.kind, 'gone');
    assert.match(!opted.ok ? opted.error : '', /^131050 /);
    api.undeliverable('+6590000002');
    const dead = await whatsapp.send(recipient('whatsapp', '+6590000002'), message);
    assert.equal(!dead.ok && dead.kind, 'gone');
    api.rateLimit(1);
    const limited = await whatsapp.send(recipient('whatsapp', '+6590000003'), message);
    assert.equal(!limited.ok && limited.kind, 'temporary');
    assert.match(!limited.ok ? limited.error : '', /^130429 /);
    api.failNext(1, 503);
    const down = await whatsapp.send(recipient('whatsapp', '+6590000003'), message);
    assert.equal(!down.ok && down.kind, 'temporary');
    assert.deepEqual(await whatsapp.send(recipient('whatsapp', '+6590000003'), message), { ok: true });
  });

  test('sendText sends the confirmation code text', async () => {
    assert.deepEqual(await whatsapp.sendText('+6598765432', 'Your code is 123456'), { ok: true });
    assert.deepEqual(
      { to: api.sent.at(-1)?.to, body: api.sent.at(-1)?.body },
      { to: '6598765432', body: 'Your code is 123456' },
    );
  });

  test('the signature Meta puts on a webhook is accepted; a tampered body or a missing header is not', () => {
    const raw = Buffer.from(JSON.stringify(api.webhookMessage('+6591234567', 'STOP')));
    const signature = api.sign(raw);
    assert.equal(whatsapp.verifySignature(raw, signature), true);
    const tampered = Buffer.from(raw.toString().replace('STOP', 'STAY'));
    assert.equal(whatsapp.verifySignature(tampered, signature), false);
    assert.equal(whatsapp.verifySignature(raw, undefined), false);
    assert.equal(whatsapp.verifySignature(raw, 'sha256=00'), false);
    assert.equal(whatsapp.verifySignature(raw, api.sign(raw, 'another-secret')), false);
  });
});

describe('WhatsApp channel configuration', () => {
  test('off, naming the missing settings; no signature passes without the app secret', async () => {
    const none = await createWhatsAppChannel(loadConfig({ NODE_ENV: 'test' }));
    assert.deepEqual(none.state, {
      channel: 'whatsapp',
      enabled: false,
      reason: 'WHATSAPP_TOKEN and WHATSAPP_PHONE_ID are not set',
    });
    assert.equal(none.verifyToken, null);
    const raw = Buffer.from('{}');
    assert.equal(none.verifySignature(raw, `sha256=${'0'.repeat(64)}`), false);
    const noPhone = await createWhatsAppChannel(loadConfig({ NODE_ENV: 'test', WHATSAPP_TOKEN: 'x' }));
    assert.equal(noPhone.state.reason, 'WHATSAPP_PHONE_ID is not set');
    const outcome = await noPhone.sendText('+6591234567', 'x');
    assert.equal(!outcome.ok && outcome.kind, 'permanent');
  });

  test('a refused token is a permanent failure; an unreachable API is temporary', async () => {
    const api = await startWhatsAppApi({ token: TOKEN, phoneId: PHONE_ID, appSecret: APP_SECRET });
    const message = renderEvent(eventRow(), 'en', renderContext);
    try {
      const wrong = await createWhatsAppChannel(loadConfig(env(api.url, 'wrong-token')));
      const refused = await wrong.send(recipient('whatsapp', '+6591234567'), message);
      assert.equal(!refused.ok && refused.kind, 'permanent');
      assert.match(!refused.ok ? refused.error : '', /^190 /);
    } finally {
      await api.close();
    }
    const gone = await createWhatsAppChannel(loadConfig(env(api.url)));
    const unreachable = await gone.send(recipient('whatsapp', '+6591234567'), message);
    assert.equal(!unreachable.ok && unreachable.kind, 'temporary');
  });
});
