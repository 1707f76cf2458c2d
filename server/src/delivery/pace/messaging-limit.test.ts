import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readmeTemplates, startWhatsAppApi } from '../../../test/peers/whatsapp-api';
import { loadConfig } from '../../config';
import { readMessagingLimit } from './messaging-limit';

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
