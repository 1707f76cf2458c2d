import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { eventRow, recipient, renderContext } from '../../../test/peers/message-fixtures';
import { readmeTemplates, startWhatsAppApi } from '../../../test/peers/whatsapp-api';
import { eventually } from '../../../test/support/staff';
import { loadConfig } from '../../config';
import { createWhatsAppChannel } from '../channels/whatsapp';
import { renderEvent } from '../messages';
import { readMessagingLimit, watchMessagingLimit } from './messaging-limit';

const env = (url: string) => ({
  NODE_ENV: 'test',
  WHATSAPP_TOKEN: 'limit-token',
  WHATSAPP_PHONE_ID: '100000000000099',
  WHATSAPP_API_URL: url,
});

test('the messaging limit is read from the Graph API (whatsapp_business_manager_messaging_limit), as people a day', async () => {
  for (const [dailyLimit, people] of [
    [250, 250],
    [2_000, 2_000],
    [10_000, 10_000],
    [100_000, 100_000],
    [null, null],
  ] as const) {
    const api = await startWhatsAppApi({
      token: 'limit-token',
      phoneId: '100000000000099',
      templates: readmeTemplates(),
      pace: { dailyLimit },
    });
    try {
      assert.equal(await readMessagingLimit(loadConfig(env(api.url))), people, `tier of ${dailyLimit}`);
    } finally {
      await api.close();
    }
  }
});

test('an unreadable messaging limit is unknown, not zero', async () => {
  const api = await startWhatsAppApi({ token: 'another-token', phoneId: '100000000000099' });
  try {
    // The wrong token: the Graph API refuses.
    assert.equal(await readMessagingLimit(loadConfig(env(api.url))), undefined);
  } finally {
    await api.close();
  }
  assert.equal(await readMessagingLimit(loadConfig({ NODE_ENV: 'test' })), undefined);
});

/** The log lines a watch writes (level and message). */
function logLines() {
  const lines: string[] = [];
  const at = (level: string) => (_fields: unknown, message?: string) => {
    lines.push(`${level} ${typeof _fields === 'string' ? _fields : message}`);
  };
  return { lines, log: { info: at('info'), warn: at('warn') } as unknown as FastifyBaseLogger };
}

test('a long-running server follows the limit Meta raises on its own: read again every hour', async () => {
  const api = await startWhatsAppApi({ token: 'limit-token', phoneId: '100000000000099', pace: { dailyLimit: 250 } });
  const { lines, log } = logLines();
  // the hour, shortened: the test waits for the new limit to be read, not for a time
  const watch = await watchMessagingLimit(loadConfig({ ...env(api.url), WHATSAPP_JANAZA_RESERVE: '20' }), true, log, {
    everyMs: 50,
  });
  try {
    assert.deepEqual(watch.current(), { limit: 250, janazaReserve: 50 });
    api.setMessagingLimit(2_000);
    await eventually(async () => watch.current().limit === 2_000);
    assert.deepEqual(watch.current(), { limit: 2_000, janazaReserve: 400 });
    assert.ok(lines.includes('info delivery: the WhatsApp messaging limit changed (Graph API)'), lines.join('\n'));
  } finally {
    watch.close();
    await api.close();
  }
});

test('a refusal for the limit reads it again at once, at most once a minute; a failed read keeps the last limit', async () => {
  const api = await startWhatsAppApi({ token: 'limit-token', phoneId: '100000000000099', pace: { dailyLimit: 250 } });
  let clock = Date.parse('2026-11-28T02:00:00Z');
  const watch = await watchMessagingLimit(loadConfig(env(api.url)), true, logLines().log, { now: () => clock });
  try {
    api.setMessagingLimit(10_000);
    clock += 30_000;
    await watch.refresh();
    assert.equal(watch.current().limit, 250, 'half a minute after the last read: not read again');
    clock += 31_000;
    await watch.refresh();
    assert.equal(watch.current().limit, 10_000);
    await api.close();
    clock += 61_000;
    await watch.refresh();
    assert.equal(watch.current().limit, 10_000, 'the Graph API unreachable: the last known limit stays');
  } finally {
    watch.close();
    await api.close();
  }
});

test('WHATSAPP_DAILY_LIMIT is fixed: nothing is read', async () => {
  const watch = await watchMessagingLimit(
    loadConfig({ ...env('http://127.0.0.1:9'), WHATSAPP_DAILY_LIMIT: '1000' }),
    true,
    logLines().log,
  );
  await watch.refresh();
  assert.equal(watch.current().limit, 1_000);
  watch.close();
});

test('the refusal Meta sends at the limit (131048) is marked as one, so the limit is read again', async () => {
  const api = await startWhatsAppApi({
    token: 'limit-token',
    phoneId: '100000000000099',
    templates: readmeTemplates(),
    pace: { dailyLimit: 1 },
  });
  const channel = await createWhatsAppChannel(loadConfig(env(api.url)));
  try {
    const message = renderEvent(eventRow(), 'en', renderContext);
    const to = (address: string) => recipient('whatsapp', address);
    assert.deepEqual(await channel.send(to('6591234567'), message), { ok: true, providerId: api.sent[0]?.id });
    const refused = await channel.send(to('6591234568'), message);
    assert.deepEqual(!refused.ok && refused.kind === 'paced' && [refused.scope, refused.limitRefused], [
      'channel',
      true,
    ]);
  } finally {
    await channel.close();
    await api.close();
  }
});
