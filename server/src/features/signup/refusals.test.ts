import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { catalogues } from '@ummahnotify/domain';
import { SIGNUP_REFUSALS } from '../../../../shared/domain/test/expected-texts';
import { engines } from '../../../test/support/databases';
import { withProof } from '../../../test/support/proof';
import { startTestServer, type TestServer } from '../../../test/support/server';

/** The Tamil the landing page shows for each refusal key, held to the reviewed texts of expected-texts.ts. */
const tamil = catalogues.signup.ta;

for (const engine of engines()) {
  describe(`sign-up refusals carry their catalogue key (${engine})`, () => {
    let server: TestServer;
    before(async () => {
      // no SMTP, Telegram or WhatsApp settings: those channels are off
      server = await startTestServer(engine);
    });
    after(async () => server?.stop());

    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
        body: JSON.stringify(await withProof(server.url, path, body, '10.77.0.1')),
      });
      return { status: res.status, body: (await res.json()) as { message: string; key?: string; params?: unknown } };
    };

    test('a channel that is off: 503, its English sentence and the key of its Tamil twin', async () => {
      const cases = [
        [SIGNUP_API.email, { email: 'a@example.sg', topics: ['janaza'], language: 'ta' }, 'emailOff'],
        [SIGNUP_API.telegram, { topics: ['janaza'], language: 'ta' }, 'telegramOff'],
        [SIGNUP_API.whatsapp, { phone: '91234567', topics: ['janaza'], language: 'ta' }, 'whatsappOff'],
      ] as const;
      for (const [path, body, name] of cases) {
        const res = await post(path, body);
        assert.equal(res.status, 503, path);
        assert.equal(res.body.key, `server.${name}`);
        assert.equal(res.body.message, SIGNUP_REFUSALS[name].en);
        assert.equal(tamil[`server.${name}` as const], SIGNUP_REFUSALS[name].ta);
      }
    });

    test('an unknown unsubscribe link and an unknown code: 404/400 with their keys', async () => {
      const unknown = await post(SIGNUP_API.unsubscribe, { token: 'tok_NoSuchToken0123456789abc' });
      assert.deepEqual([unknown.status, unknown.body.key], [404, 'server.unknownLink']);
      assert.equal(unknown.body.message, SIGNUP_REFUSALS.unknownLink.en);
      assert.equal(tamil['server.unknownLink'], SIGNUP_REFUSALS.unknownLink.ta);
      const code = await post(SIGNUP_API.whatsappConfirm, { phone: '91234567', code: '123456' });
      assert.deepEqual([code.status, code.body.key], [400, 'server.codeExpired']);
      assert.equal(code.body.message, SIGNUP_REFUSALS.codeExpired.en);
      assert.equal(tamil['server.codeExpired'], SIGNUP_REFUSALS.codeExpired.ta);
    });

    test('the refusals of the budgets and of web push read in Tamil as reviewed', () => {
      for (const name of [
        'tooManyCodesFromNetwork',
        'tooManyFromNetwork',
        'whatsappDailyLimit',
        'pushSubscriptionRefused',
        'pushNotDelivered',
      ] as const) {
        assert.equal(catalogues.signup.en[`server.${name}`], SIGNUP_REFUSALS[name].en, name);
        assert.equal(tamil[`server.${name}`], SIGNUP_REFUSALS[name].ta, name);
      }
    });
  });
}
