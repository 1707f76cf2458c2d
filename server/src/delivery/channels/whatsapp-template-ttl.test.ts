import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type ChannelsResponse, DELIVERY_API } from '@ummahnotify/domain';
import type { FastifyBaseLogger } from 'fastify';
import { readmeTemplates, startWhatsAppApi } from '../../../test/peers/whatsapp-api';
import { client } from '../../../test/support/client';
import { startTestServer } from '../../../test/support/server';
import { eventually, staffJar } from '../../../test/support/staff';
import { loadConfig } from '../../config';
import { readTemplateTtls, watchTemplateTtls } from './whatsapp-template-ttl';

const TOKEN = 'ttl-token';
const PHONE_ID = '100000000000077';
const WABA = '200000000000077';
const env = (url: string, over: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  WHATSAPP_TOKEN: TOKEN,
  WHATSAPP_PHONE_ID: PHONE_ID,
  WHATSAPP_BUSINESS_ACCOUNT_ID: WABA,
  WHATSAPP_API_URL: url,
  ...over,
});

/** README's templates, the janaza one (both languages) set to 12 hours as README asks, the others as Meta leaves them. */
const templates = () =>
  readmeTemplates().map((t) =>
    t.name === 'ummahnotify_janaza'
      ? { ...t, ttlSeconds: 43_200 }
      : t.name === 'ummahnotify_correction' && t.language === 'ta'
        ? { ...t, ttlSeconds: -1 }
        : t,
  );

/** The Graph API peer holding those templates, answering our token. */
const graphWithTemplates = () =>
  startWhatsAppApi({ token: TOKEN, phoneId: PHONE_ID, businessAccountId: WABA, templates: templates() });

function logLines() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const at = (level: string) => (fields: unknown, message?: string) => {
    lines.push({ level, fields: typeof fields === 'string' ? {} : fields, message: message ?? String(fields) });
  };
  return { lines, log: { info: at('info'), warn: at('warn') } as unknown as FastifyBaseLogger };
}

test('every template and its time-to-live is read back, page after page, as the Graph API lists them', async () => {
  const api = await graphWithTemplates();
  try {
    const ttls = await readTemplateTtls(loadConfig(env(api.url)));
    // 5 templates in 2 languages, two a page: every one of them, across five pages.
    assert.equal(ttls?.length, readmeTemplates().length);
    assert.deepEqual(
      ttls?.filter((t) => t.name === 'ummahnotify_janaza').map((t) => t.ttlSeconds),
      [43_200, 43_200],
    );
    assert.equal(ttls?.find((t) => t.name === 'ummahnotify_event')?.ttlSeconds, null);
  } finally {
    await api.close();
  }
});

test('the log names each janaza, correction or cancellation template Meta would retry for longer than 12 hours', async () => {
  const api = await graphWithTemplates();
  try {
    const { lines, log } = logLines();
    const watch = watchTemplateTtls(loadConfig(env(api.url)), true, log);
    await watch.checked;
    watch.close();
    const named = lines
      .filter((l) => l.level === 'warn')
      .map((l) => {
        const { template, language } = l.fields as { template: string; language: string };
        return `${template}/${language}`;
      })
      .sort();
    assert.deepEqual(named, [
      'ummahnotify_cancellation/en',
      'ummahnotify_cancellation/ta',
      'ummahnotify_correction/en',
      'ummahnotify_correction/ta',
    ]);
  } finally {
    await api.close();
  }
});

test('without the account id, or refused, it says it cannot check and stops nothing', async () => {
  const api = await startWhatsAppApi({ token: 'another-token', phoneId: PHONE_ID, businessAccountId: WABA });
  try {
    assert.equal(await readTemplateTtls(loadConfig(env(api.url))), undefined, 'the wrong token');
    assert.equal(await readTemplateTtls(loadConfig(env(api.url, { WHATSAPP_BUSINESS_ACCOUNT_ID: '' }))), undefined);
    const { lines, log } = logLines();
    const watch = watchTemplateTtls(loadConfig(env(api.url, { WHATSAPP_BUSINESS_ACCOUNT_ID: '' })), true, log);
    await watch.checked;
    assert.match(lines[0]?.message ?? '', /set WHATSAPP_BUSINESS_ACCOUNT_ID/);
  } finally {
    await api.close();
  }
});

test('the channels card is told which templates can arrive late, from the server as it runs', async () => {
  const api = await graphWithTemplates();
  const server = await startTestServer('sqlite', env(api.url));
  try {
    const superadmin = client(server.url, await staffJar(server, 'root@ttl.example.sg', 'superadmin'));
    // The first reading is made at start; the answer carries it once it is in.
    const answer = await eventually(async () => {
      const { status, body } = await superadmin.get<ChannelsResponse>(DELIVERY_API.channels);
      assert.equal(status, 200);
      return body.whatsappLateTemplates ? body : undefined;
    });
    // README's templates, the janaza one at 12 hours (above): the correction and the cancellation, in both
    // languages, are Meta's 30 days (not set, or -1 for the Tamil correction).
    assert.deepEqual(answer.whatsappLateTemplates?.map((t) => `${t.name}/${t.language}/${t.ttlSeconds}`).sort(), [
      'ummahnotify_cancellation/en/null',
      'ummahnotify_cancellation/ta/null',
      'ummahnotify_correction/en/null',
      'ummahnotify_correction/ta/-1',
    ]);
  } finally {
    await server.stop();
    await api.close();
  }
});

test('without the account id the channels answer says nothing of the templates', async () => {
  const api = await startWhatsAppApi({ token: TOKEN, phoneId: PHONE_ID, businessAccountId: WABA });
  const server = await startTestServer('sqlite', env(api.url, { WHATSAPP_BUSINESS_ACCOUNT_ID: '' }));
  try {
    const superadmin = client(server.url, await staffJar(server, 'root@ttl.example.sg', 'superadmin'));
    const { body } = await superadmin.get<ChannelsResponse>(DELIVERY_API.channels);
    assert.ok(body.whatsappDaily, 'WhatsApp is on');
    assert.equal('whatsappLateTemplates' in body, false);
  } finally {
    await server.stop();
    await api.close();
  }
});
