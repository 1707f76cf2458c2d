import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SendOutcome } from './types';
import { whatsappOutcome } from './whatsapp';

const codeOf = (outcome: SendOutcome) => (!outcome.ok && 'code' in outcome ? outcome.code : undefined);

/**
 * The answers the Cloud API gives, as Meta's pages show them. Send messages, "Response"
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages):
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid....' }] }`. Errors
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes):
 * `{ error: { message: '(#<code>) <title>', type, code, error_data: { messaging_product, details }, fbtrace_id } }`,
 * with the HTTP status the page lists beside each code.
 */
const refused = (status: number, code: number, title: string) => ({
  reached: true as const,
  status,
  retryAfter: null,
  body: {
    error: {
      message: `(#${code}) ${title}`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: title },
      fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
    },
  },
});

describe('whatsappOutcome: what a Cloud API answer comes to', () => {
  test("an accepted message keeps Meta's wamid", () => {
    const wamid = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDNjQ5QzlEMjgzMUVFNDAzQUEA';
    assert.deepEqual(
      whatsappOutcome({
        reached: true,
        status: 200,
        retryAfter: null,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: '+6591234567', wa_id: '6591234567' }],
          messages: [{ id: wamid }],
        } as never,
      }),
      { ok: true, providerId: wamid },
    );
  });

  // The page's Authorization and Integrity errors, and the business's template and payment problems.
  for (const [status, code, title] of [
    [401, 190, 'Access token has expired'],
    [401, 0, 'AuthException'],
    [403, 10, 'Permission Denied'],
    [403, 200, 'API Permission'],
    [400, 131042, 'Business eligibility payment issue'],
    [404, 132001, 'Template name does not exist in the translation'],
    [400, 132015, 'Template is Paused'],
    [400, 132016, 'Template is Disabled'],
    [403, 131031, 'Account has been locked'],
    [403, 368, 'Temporarily blocked for policies violations'],
    [403, 130497, 'Business account is restricted from messaging users in this country'],
  ] as const) {
    test(`${code} (${title}) is the account's refusal: the channel pauses, nobody fails`, () => {
      const outcome = whatsappOutcome(refused(status, code, title));
      assert.equal(!outcome.ok && outcome.kind, 'account');
      assert.equal(codeOf(outcome), `whatsapp:${code}`);
      assert.match(!outcome.ok ? outcome.error : '', new RegExp(`^${code} `));
    });
  }

  test('131026 (message undeliverable) retires the number; 131050 (stopped marketing messages) stops events only', () => {
    assert.deepEqual(whatsappOutcome(refused(400, 131026, 'Message undeliverable')), {
      ok: false,
      kind: 'gone',
      code: 'whatsapp:131026',
      error: '131026 (#131026) Message undeliverable',
    });
    const marketing = whatsappOutcome(refused(400, 131050, 'Unable to deliver the message'));
    assert.deepEqual(!marketing.ok && marketing.kind === 'gone' && [marketing.code, marketing.topic], [
      'whatsapp:131050',
      'events',
    ]);
  });

  test("the message's own faults fail it with their code; a server error is temporary with its code", () => {
    for (const [code, title] of [
      [131047, 'Re-engagement message'],
      [132000, 'Number of parameters does not match the expected number of params'],
      [131049, 'This message was not delivered to maintain healthy ecosystem engagement'],
      [100, 'Invalid parameter'],
    ] as const) {
      const outcome = whatsappOutcome(refused(400, code, title));
      assert.deepEqual(!outcome.ok && [outcome.kind, codeOf(outcome)], ['permanent', `whatsapp:${code}`], title);
    }
    const down = whatsappOutcome(refused(503, 131016, 'Service unavailable'));
    assert.deepEqual(!down.ok && [down.kind, codeOf(down)], ['temporary', 'whatsapp:131016']);
  });

  test('pace refusals stay paced, never the account', () => {
    for (const code of [130429, 131048, 131056, 80007, 4]) {
      const outcome = whatsappOutcome(refused(400, code, 'Rate limit hit'));
      assert.equal(!outcome.ok && outcome.kind, 'paced', String(code));
    }
  });
});
