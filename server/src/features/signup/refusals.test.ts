import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { catalogues } from '@ummahnotify/domain';
import { engines } from '../../../test/support/databases';
import { withProof } from '../../../test/support/proof';
import { startTestServer, type TestServer } from '../../../test/support/server';

/** The Tamil the landing page shows for each refusal key (shared/domain/src/i18n/signup.ts). */
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
        [SIGNUP_API.email, { email: 'a@example.sg', topics: ['janaza'], language: 'ta' }, 'server.emailOff'],
        [SIGNUP_API.telegram, { topics: ['janaza'], language: 'ta' }, 'server.telegramOff'],
        [SIGNUP_API.whatsapp, { phone: '91234567', topics: ['janaza'], language: 'ta' }, 'server.whatsappOff'],
      ] as const;
      for (const [path, body, key] of cases) {
        const res = await post(path, body);
        assert.equal(res.status, 503, path);
        assert.equal(res.body.key, key);
        assert.match(res.body.message, /sign-up is not available right now/);
        assert.match(tamil[key], /பதிவு தற்போது கிடைக்கவில்லை/);
      }
    });

    test('an unknown unsubscribe link and an unknown code: 404/400 with their keys', async () => {
      const unknown = await post(SIGNUP_API.unsubscribe, { token: 'tok_NoSuchToken0123456789abc' });
      assert.deepEqual([unknown.status, unknown.body.key], [404, 'server.unknownLink']);
      assert.equal(unknown.body.message, 'This unsubscribe link is not valid. You may already be unsubscribed.');
      const code = await post(SIGNUP_API.whatsappConfirm, { phone: '91234567', code: '123456' });
      assert.deepEqual([code.status, code.body.key], [400, 'server.codeExpired']);
      assert.equal(tamil['server.codeExpired'], 'இந்தக் குறியீடு காலாவதியானது. புதிய குறியீட்டைக் கேளுங்கள்.');
    });
  });
}
