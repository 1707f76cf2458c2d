import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { catalogues, fillIn } from '@ummahnotify/domain';
import { DELIVERY, JANAZA, SIGNUP_OUTCOMES } from '../../../../shared/domain/test/expected-texts';
import { eventRow, janazaRow, PUBLIC_URL, recipient, renderContext } from '../../../test/peers/message-fixtures';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from '../../../test/peers/whatsapp-api';
import { GOOGLE_MODE_ENV } from '../../../test/support/server';
import { loadConfig } from '../../config';
import { renderEvent, renderJanaza, renderJanazaCancellation } from '../messages';
import type { SendOutcome } from './types';
import { createWhatsAppChannel, type WhatsAppChannel } from './whatsapp';
import { templateParam } from './whatsapp-payload';
import { TEMPLATE_DEFINITIONS } from './whatsapp-templates';

const TOKEN = 'EAAG-test-token';
const PHONE_ID = '109876543210';
const APP_SECRET = 'app-secret-for-tests';
const env = (apiUrl: string, token = TOKEN, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  PUBLIC_URL,
  ...GOOGLE_MODE_ENV,
  WHATSAPP_TOKEN: token,
  WHATSAPP_PHONE_ID: PHONE_ID,
  WHATSAPP_API_URL: apiUrl,
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: 'verify-me',
  ...extra,
});

/** Meta's answer to an accepted message carries its wamid (messages[0].id): the outcome keeps it. */
function accepted(api: WhatsAppApi, outcome: SendOutcome): void {
  const id = api.sent.at(-1)?.id;
  assert.match(id ?? '', /^wamid\./);
  assert.deepEqual(outcome, { ok: true, providerId: id });
}

const codeOf = (outcome: SendOutcome) => (!outcome.ok && 'code' in outcome ? outcome.code : undefined);

describe('WhatsApp channel against a fake Cloud API', () => {
  let api: WhatsAppApi;
  let whatsapp: WhatsAppChannel;
  before(async () => {
    api = await startWhatsAppApi({
      token: TOKEN,
      phoneId: PHONE_ID,
      appSecret: APP_SECRET,
      templates: readmeTemplates(),
    });
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

  const bodyParams = () => {
    const components = api.sent.at(-1)?.template?.components as { type: string; parameters: { text: string }[] }[];
    return components.find((c) => c.type === 'body')?.parameters.map((p) => p.text);
  };

  test('a janaza notice goes as the janaza template in English, its four parameters in the documented order', async () => {
    const message = renderJanaza(janazaRow(), 'en', renderContext);
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6591234567'), message));
    const sent = api.sent.at(-1);
    assert.equal(sent?.to, '6591234567');
    assert.equal(sent?.type, 'template');
    assert.deepEqual(
      { name: sent?.template?.name, language: sent?.template?.language },
      {
        name: 'ummahnotify_janaza',
        language: 'en',
      },
    );
    const [name, when, place, url] = bodyParams() ?? [];
    assert.equal(name, 'Abdul Rahman bin Yusof');
    // 05:30 UTC is 1:30 pm in Singapore
    assert.match(when ?? '', /1:30/);
    assert.match(place ?? '', /Masjid Sultan/);
    // The link previews in a chat: the landing page answers /?notice=<id> with the notice's Open Graph tags.
    assert.equal(url, `${PUBLIC_URL}/?notice=j-1&lang=en`);
    assert.ok(sent?.body?.startsWith(`${JANAZA.title.en('Abdul Rahman bin Yusof')}\n${JANAZA.prayerLine.en}`));
    assert.ok(sent?.body?.endsWith(SIGNUP_OUTCOMES.stopWhatsApp.en));
  });

  test('in Tamil the Tamil template language, the Tamil heading and place', async () => {
    const message = renderEvent(eventRow(), 'ta', renderContext);
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6581234567', 'ta'), message));
    const sent = api.sent.at(-1);
    assert.deepEqual(
      { name: sent?.template?.name, language: sent?.template?.language },
      {
        name: 'ummahnotify_event',
        language: 'ta',
      },
    );
    const [heading, , place, url] = bodyParams() ?? [];
    assert.equal(heading, 'குர்ஆன் கல்வி வட்டம்');
    assert.match(place ?? '', /மஸ்ஜித் அப்துல் கஃபூர்/);
    assert.equal(url, `${PUBLIC_URL}/#event-e-1`);
    assert.ok(sent?.body?.startsWith('நிகழ்ச்சி: குர்ஆன் கல்வி வட்டம்\n'));
    const janaza = renderJanaza(janazaRow(), 'ta', renderContext);
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6581234567', 'ta'), janaza));
    assert.equal(api.sent.at(-1)?.template?.name, 'ummahnotify_janaza');
    assert.equal(api.sent.at(-1)?.template?.language, 'ta');
    assert.ok(
      api.sent.at(-1)?.body?.startsWith(`${JANAZA.title.ta('Abdul Rahman bin Yusof')}\n${JANAZA.prayerLine.ta}`),
    );
  });

  test('an English event: heading, time, place, link', async () => {
    const message = renderEvent(eventRow(), 'en', renderContext);
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6581234500'), message));
    const [heading, when, place, url] = bodyParams() ?? [];
    assert.equal(api.sent.at(-1)?.template?.name, 'ummahnotify_event');
    assert.equal(heading, 'Quran study circle');
    // 11:00 UTC is 7:00 pm in Singapore
    assert.match(when ?? '', /7:00/);
    assert.match(place ?? '', /Masjid Abdul Gafoor/);
    assert.equal(url, `${PUBLIC_URL}/#event-e-1`);
  });

  test('a private notice has neither the name nor the photo anywhere in the request', async () => {
    const message = renderJanaza(janazaRow({ is_privacy: 1 }), 'en', renderContext);
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6591230000'), message));
    assert.equal(bodyParams()?.[0], 'Janaza prayer notice');
    assert.equal(bodyParams()?.[3], `${PUBLIC_URL}/`);
    const request = JSON.stringify(api.requests.at(-1));
    assert.ok(!request.includes('Abdul Rahman'));
    assert.ok(!request.includes('/api/public/images/'));
  });

  test('a correction of a notice or an event goes as the correction template with the same parameters', async () => {
    for (const [message, first] of [
      [renderJanaza(janazaRow(), 'en', { ...renderContext, correction: true }), 'Abdul Rahman bin Yusof'],
      [renderEvent(eventRow(), 'ta', { ...renderContext, correction: true }), 'குர்ஆன் கல்வி வட்டம்'],
    ] as const) {
      accepted(api, await whatsapp.send(recipient('whatsapp', '+6591230001', message.language), message));
      assert.equal(api.sent.at(-1)?.template?.name, 'ummahnotify_correction');
      assert.equal(api.sent.at(-1)?.template?.language, message.language);
      assert.equal(bodyParams()?.[0], first);
      assert.equal(bodyParams()?.length, 4);
    }
    assert.ok(api.sent.at(-1)?.body?.startsWith('முந்தைய செய்தியில் திருத்தம்: குர்ஆன் கல்வி வட்டம்\n'));
  });

  test("a withdrawn notice's cancellation goes as the cancellation template; a private one names nobody", async () => {
    const cancelled = renderJanazaCancellation(janazaRow(), 'ta', PUBLIC_URL);
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6591230003', 'ta'), cancelled));
    assert.equal(api.sent.at(-1)?.template?.name, 'ummahnotify_cancellation');
    assert.equal(bodyParams()?.[0], 'Abdul Rahman bin Yusof');
    assert.ok(api.sent.at(-1)?.body?.startsWith('ரத்து: Abdul Rahman bin Yusof\n'));
    const secret = renderJanazaCancellation(janazaRow({ is_privacy: 1 }), 'en', PUBLIC_URL);
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6591230004'), secret));
    assert.ok(!JSON.stringify(api.requests.at(-1)).includes('Abdul Rahman'));
    assert.ok(api.sent.at(-1)?.body?.startsWith('Cancelled: Janaza prayer notice\n'));
  });

  test('parameters are sanitised as Meta requires: one line, no runs of spaces, not empty, not too long', async () => {
    const long = `Abdul ${'Rahman '.repeat(60)}`;
    const message = renderJanaza(
      janazaRow({ name: long, address: 'Masjid Sultan,\n\t3     Muscat   St\r\n' }),
      'en',
      renderContext,
    );
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6591230002'), message));
    const [name, , place] = bodyParams() ?? [];
    assert.equal(Array.from(name ?? '').length, 200);
    assert.ok(name?.endsWith('…'));
    assert.ok(name?.startsWith('Abdul Rahman Rahman'));
    assert.match(place ?? '', /Masjid Sultan, 3 Muscat St/);
    for (const p of bodyParams() ?? []) assert.doesNotMatch(p, /[\n\t]| {2,}/);
  });

  test('opted out and undeliverable are gone; the rate limit of the number pauses it (paced); 5xx is temporary', async () => {
    const message = renderEvent(eventRow(), 'en', renderContext);
    api.optedOut('+6590000001');
    const opted = await whatsapp.send(recipient('whatsapp', '+6590000001'), message);
    assert.equal(!opted.ok && opted.kind, 'gone');
    assert.match(!opted.ok ? opted.error : '', /^131050 /);
    assert.equal(codeOf(opted), 'whatsapp:131050');
    api.undeliverable('+6590000002');
    const dead = await whatsapp.send(recipient('whatsapp', '+6590000002'), message);
    assert.equal(!dead.ok && dead.kind, 'gone');
    api.rateLimit(1);
    const limited = await whatsapp.send(recipient('whatsapp', '+6590000003'), message);
    // 130429 names no time: the engine's backoff picks the pause
    assert.deepEqual(!limited.ok && limited.kind === 'paced' && [limited.scope, limited.unstated], ['channel', true]);
    assert.match(!limited.ok ? limited.error : '', /^130429 /);
    api.failNext(1, 503);
    const down = await whatsapp.send(recipient('whatsapp', '+6590000003'), message);
    assert.equal(!down.ok && down.kind, 'temporary');
    accepted(api, await whatsapp.send(recipient('whatsapp', '+6590000003'), message));
  });

  test('free-form text reaches only a number that wrote to us in the last 24 hours (else 131047)', async () => {
    const never = await whatsapp.sendText('+6598765432', 'You are unsubscribed.');
    assert.equal(!never.ok && never.kind, 'permanent');
    assert.match(!never.ok ? never.error : '', /^131047 /);
    api.wroteIn('+6598765432', 25 * 60 * 60 * 1000);
    const stale = await whatsapp.sendText('+6598765432', 'You are unsubscribed.');
    assert.match(!stale.ok ? stale.error : '', /^131047 /);
    api.wroteIn('+6598765432');
    accepted(api, await whatsapp.sendText('+6598765432', 'You are unsubscribed.'));
    assert.deepEqual(
      { to: api.sent.at(-1)?.to, type: api.sent.at(-1)?.type, body: api.sent.at(-1)?.body },
      { to: '6598765432', type: 'text', body: 'You are unsubscribed.' },
    );
  });

  test('the sign-up code goes as the authentication template: the code in the body and on the copy-code button', async () => {
    accepted(api, await whatsapp.sendCode('+6598765400', '042917', 'en'));
    const sent = api.sent.at(-1);
    assert.deepEqual(
      { to: sent?.to, name: sent?.template?.name, language: sent?.template?.language, body: sent?.body },
      { to: '6598765400', name: 'ummahnotify_code', language: 'en', body: '042917 is your verification code.' },
    );
    assert.deepEqual(sent?.template?.components, [
      { type: 'body', parameters: [{ type: 'text', text: '042917' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '042917' }] },
    ]);
    accepted(api, await whatsapp.sendCode('+6598765400', '000123', 'ta'));
    assert.equal(api.sent.at(-1)?.template?.language, 'ta');
    assert.equal(api.sent.at(-1)?.body, '000123 என்பது உங்கள் சரிபார்ப்புக் குறியீடு.');
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
      reasonKey: 'reason.notSet2',
      reasonParams: { a: 'WHATSAPP_TOKEN', b: 'WHATSAPP_PHONE_ID' },
    });
    // the Tamil the dashboard shows for it, from the reason's key and values
    assert.equal(
      fillIn(catalogues.delivery.ta[none.state.reasonKey as 'reason.notSet2'], none.state.reasonParams ?? {}),
      DELIVERY.notSetTwo.ta('WHATSAPP_TOKEN', 'WHATSAPP_PHONE_ID'),
    );
    assert.equal(none.verifyToken, null);
    const raw = Buffer.from('{}');
    assert.equal(none.verifySignature(raw, `sha256=${'0'.repeat(64)}`), false);
    const noPhone = await createWhatsAppChannel(loadConfig({ NODE_ENV: 'test', WHATSAPP_TOKEN: 'x' }));
    assert.equal(noPhone.state.reason, DELIVERY.notSet.en('WHATSAPP_PHONE_ID'));
    const outcome = await noPhone.sendText('+6591234567', 'x');
    assert.equal(!outcome.ok && outcome.kind, 'permanent');
  });

  test("a refused token (190) is the account's refusal; an unreachable API is temporary", async () => {
    const api = await startWhatsAppApi({ token: TOKEN, phoneId: PHONE_ID, appSecret: APP_SECRET });
    const message = renderEvent(eventRow(), 'en', renderContext);
    try {
      const wrong = await createWhatsAppChannel(loadConfig(env(api.url, 'wrong-token')));
      const refused = await wrong.send(recipient('whatsapp', '+6591234567'), message);
      assert.equal(!refused.ok && refused.kind, 'account');
      assert.equal(codeOf(refused), 'whatsapp:190');
      assert.match(!refused.ok ? refused.error : '', /^190 /);
    } finally {
      await api.close();
    }
    const gone = await createWhatsAppChannel(loadConfig(env(api.url)));
    const unreachable = await gone.send(recipient('whatsapp', '+6591234567'), message);
    assert.equal(!unreachable.ok && unreachable.kind, 'temporary');
  });
});

describe('WhatsApp templates as the Cloud API checks them', () => {
  test('the template names and language codes come from the configuration', async () => {
    const names = {
      janaza: 'masjid_janaza_v2',
      events: 'masjid_event',
      correction: 'masjid_fix',
      cancellation: 'masjid_cancel',
      eventCancellation: 'masjid_event_cancel',
      code: 'masjid_otp',
    };
    const api = await startWhatsAppApi({
      token: TOKEN,
      phoneId: PHONE_ID,
      templates: readmeTemplates(names, { en: 'en_GB', ta: 'ta' }),
    });
    try {
      const channel = await createWhatsAppChannel(
        loadConfig(
          env(api.url, TOKEN, {
            WHATSAPP_TEMPLATE_JANAZA: 'masjid_janaza_v2',
            WHATSAPP_TEMPLATE_EVENT: 'masjid_event',
            WHATSAPP_TEMPLATE_CORRECTION: 'masjid_fix',
            WHATSAPP_TEMPLATE_CANCELLATION: 'masjid_cancel',
            WHATSAPP_TEMPLATE_EVENT_CANCELLATION: 'masjid_event_cancel',
            WHATSAPP_TEMPLATE_CODE: 'masjid_otp',
            WHATSAPP_TEMPLATE_LANGUAGE_EN: 'en_GB',
          }),
        ),
      );
      accepted(
        api,
        await channel.send(recipient('whatsapp', '+6591234567'), renderJanaza(janazaRow(), 'en', renderContext)),
      );
      assert.deepEqual(
        [api.sent.at(-1)?.template?.name, api.sent.at(-1)?.template?.language],
        ['masjid_janaza_v2', 'en_GB'],
      );
      accepted(api, await channel.sendCode('+6591234567', '123456', 'ta'));
      assert.deepEqual([api.sent.at(-1)?.template?.name, api.sent.at(-1)?.template?.language], ['masjid_otp', 'ta']);
    } finally {
      await api.close();
    }
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', WHATSAPP_TEMPLATE_JANAZA: 'Janaza Notice' }),
      /WHATSAPP_TEMPLATE_JANAZA/,
    );
  });

  test("a template the account does not have (132001) is the account's refusal; another parameter count (132000) fails the message", async () => {
    const api = await startWhatsAppApi({
      token: TOKEN,
      phoneId: PHONE_ID,
      templates: [
        { name: 'ummahnotify_janaza', language: 'en', body: 'Janaza: {{1}} at {{2}}, {{3}}' },
        { name: 'ummahnotify_code', language: 'en', body: '{{1}} is your verification code.' },
      ],
    });
    try {
      const channel = await createWhatsAppChannel(loadConfig(env(api.url)));
      const unknown = await channel.send(
        recipient('whatsapp', '+6591234567'),
        renderEvent(eventRow(), 'en', renderContext),
      );
      assert.equal(!unknown.ok && unknown.kind, 'account');
      assert.equal(codeOf(unknown), 'whatsapp:132001');
      assert.match(!unknown.ok ? unknown.error : '', /^132001 .*ummahnotify_event/);
      const wrongLanguage = await channel.send(
        recipient('whatsapp', '+6591234567', 'ta'),
        renderJanaza(janazaRow(), 'ta', renderContext),
      );
      assert.match(!wrongLanguage.ok ? wrongLanguage.error : '', /^132001 /);
      const count = await channel.send(
        recipient('whatsapp', '+6591234567'),
        renderJanaza(janazaRow(), 'en', renderContext),
      );
      assert.equal(!count.ok && count.kind, 'permanent');
      assert.equal(codeOf(count), 'whatsapp:132000');
      assert.match(!count.ok ? count.error : '', /^132000 .*\(4\).*\(3\)/);
      assert.equal(api.sent.length, 0);
    } finally {
      await api.close();
    }
  });

  test('the peer refuses what Meta refuses in a parameter: a new line, a tab, five spaces (132018)', async () => {
    const api = await startWhatsAppApi({ token: TOKEN, phoneId: PHONE_ID, templates: readmeTemplates() });
    try {
      for (const bad of ['two\nlines', 'a\ttab', 'five     spaces']) {
        const res = await fetch(`${api.url}/${PHONE_ID}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to: '6591234567',
            type: 'template',
            template: {
              name: 'ummahnotify_event',
              language: { code: 'en' },
              components: [{ type: 'body', parameters: [bad, 'b', 'c', 'd'].map((text) => ({ type: 'text', text })) }],
            },
          }),
        });
        assert.equal(res.status, 400);
        assert.equal(((await res.json()) as { error: { code: number } }).error.code, 132018);
      }
      assert.equal(api.sent.length, 0);
    } finally {
      await api.close();
    }
  });
});

describe('README "WhatsApp templates"', () => {
  test('lists every template body we send against, in English and Tamil', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const definition of TEMPLATE_DEFINITIONS.filter((d) => d.category === 'UTILITY'))
      for (const body of Object.values(definition.body))
        assert.ok(readme.includes(['```text', ...body.split('\n')].map((line) => `  ${line}`).join('\n')), body);
  });
});

describe('templateParam', () => {
  test('one line, single spaces, a dash for nothing, 200 characters at most', () => {
    assert.equal(templateParam('Masjid Sultan,\r\n\t3    Muscat St  '), 'Masjid Sultan, 3 Muscat St');
    assert.equal(templateParam(' \n '), '-');
    assert.equal(templateParam('ஜனாஸா'), 'ஜனாஸா');
    const cut = templateParam('x'.repeat(500));
    assert.equal(cut, `${'x'.repeat(199)}…`);
  });
});
