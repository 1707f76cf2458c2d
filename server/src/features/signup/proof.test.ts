import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { catalogues, type Proof, type ProofChallenge } from '@ummahnotify/domain';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SIGNUP_REFUSALS } from '../../../../shared/domain/test/expected-texts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from '../../../test/peers/whatsapp-api';
import { engines } from '../../../test/support/databases';
import { solve, solvedProof } from '../../../test/support/proof';
import { startTestServer, type TestServer } from '../../../test/support/server';

const HMAC_KEY = 'altcha-test-key-0123456789abcdefghijklmnop';
const WA = { token: 'wa-token', phoneId: '100000000000002', appSecret: 'wa-app-secret' };

let nextIp = 1;
const freshIp = () => `10.9.0.${nextIp++}`;

/** A challenge made with altcha-lib itself (not the server's code), signed with `key`, expiring at `expiresAt`. */
async function ownChallenge(key: string, expiresAt: Date): Promise<ProofChallenge> {
  return (await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    counter: 20,
    deriveKey,
    expiresAt,
    hmacSignatureSecret: key,
  })) as ProofChallenge;
}

for (const engine of engines()) {
  describe(`sign-up proof of work (${engine})`, () => {
    let server: TestServer;
    let smtp: SmtpPeer;
    let whatsapp: WhatsAppApi;

    before(async () => {
      smtp = await startSmtpPeer();
      whatsapp = await startWhatsAppApi({ ...WA, templates: readmeTemplates() });
      server = await startTestServer(engine, {
        ALTCHA_HMAC_KEY: HMAC_KEY,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'UmmahNotify <notices@example.sg>',
        WHATSAPP_TOKEN: WA.token,
        WHATSAPP_PHONE_ID: WA.phoneId,
        WHATSAPP_API_URL: whatsapp.url,
        WHATSAPP_APP_SECRET: WA.appSecret,
      });
    });
    after(async () => {
      await server.stop();
      await Promise.all([smtp.close(), whatsapp.close()]);
    });

    const post = async (path: string, body: unknown, ip: string) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const count = async (table: 'signup_requests' | 'subscribers') =>
      Number(
        (
          await server.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** What a refused sign-up must leave as it was: no request, no subscriber, no mail, no WhatsApp message. */
    const traces = async () => [
      await count('signup_requests'),
      await count('subscribers'),
      smtp.messages.length,
      whatsapp.sent.length,
    ];
    const email = (address: string, altcha?: unknown) => ({
      email: address,
      topics: ['janaza'],
      language: 'en',
      ...(altcha === undefined ? {} : { altcha }),
    });
    const phone = (digits: string, altcha?: unknown) => ({
      phone: digits,
      topics: ['events'],
      language: 'ta',
      ...(altcha === undefined ? {} : { altcha }),
    });

    test('the challenge: PBKDF2 parameters signed by the server, expiring in 10 minutes, never cached', async () => {
      const res = await fetch(`${server.url}${SIGNUP_API.challenge}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const challenge = (await res.json()) as ProofChallenge;
      assert.equal(challenge.parameters.algorithm, 'PBKDF2/SHA-256');
      assert.match(challenge.signature, /^[0-9a-f]{64}$/);
      const inSeconds = challenge.parameters.expiresAt - Date.now() / 1000;
      assert.ok(inSeconds > 590 && inSeconds <= 600, `expires in ${inSeconds} s`);
    });

    test('without a solution: 400 for email and WhatsApp, and nothing is written or sent', async () => {
      const before = await traces();
      const ip = freshIp();
      for (const [path, body] of [
        [SIGNUP_API.email, email('nobody@example.sg')],
        [SIGNUP_API.whatsapp, phone('91112222')],
      ] as const) {
        const res = await post(path, body, ip);
        assert.equal(res.status, 400, path);
        assert.ok(JSON.stringify(res.body).includes(SIGNUP_REFUSALS.proofMissing.en), JSON.stringify(res.body));
      }
      assert.deepEqual(await traces(), before);
    });

    test('a solution found by altcha-lib passes: the mail and the WhatsApp code are sent', async () => {
      const ip = freshIp();
      const mails = smtp.messages.length;
      const mail = await post(SIGNUP_API.email, email('solved@example.sg', await solvedProof(server.url, ip)), ip);
      assert.deepEqual(mail, { status: 202, body: { status: 'confirmation-sent' } });
      assert.deepEqual((await smtp.waitFor(mails + 1))[mails].to, ['solved@example.sg']);

      const sent = whatsapp.sent.length;
      const code = await post(SIGNUP_API.whatsapp, phone('91113333', await solvedProof(server.url, ip)), ip);
      assert.deepEqual(code, { status: 202, body: { status: 'confirmation-sent' } });
      assert.equal(whatsapp.sent.length, sent + 1);
      assert.equal(whatsapp.sent.at(-1)?.to.replace(/\D/g, ''), '6591113333');
    });

    test('a solution used once is refused the second time (400), on either channel; nothing is sent', async () => {
      const ip = freshIp();
      const proof = await solvedProof(server.url, ip);
      assert.equal((await post(SIGNUP_API.email, email('once@example.sg', proof), ip)).status, 202);
      await smtp.waitFor(smtp.messages.length);
      const before = await traces();
      for (const [path, body] of [
        [SIGNUP_API.email, email('twice@example.sg', proof)],
        [SIGNUP_API.whatsapp, phone('91114444', proof)],
      ] as const) {
        const res = await post(path, body, ip);
        assert.equal(res.status, 400, path);
        assert.equal(res.body.key, 'server.proofRefused');
        assert.equal(res.body.message, SIGNUP_REFUSALS.proofRefused.en);
      }
      assert.deepEqual(await traces(), before);
    });

    test('an expired challenge, even signed with the right key and solved, is 400 proofExpired', async () => {
      const before = await traces();
      const expired = await solve(await ownChallenge(HMAC_KEY, new Date(Date.now() - 1000)));
      const res = await post(SIGNUP_API.whatsapp, phone('91115555', expired), freshIp());
      assert.equal(res.status, 400);
      assert.equal(res.body.key, 'server.proofExpired');
      assert.equal(res.body.message, SIGNUP_REFUSALS.proofExpired.en);
      assert.deepEqual(await traces(), before);
    });

    test('forged proofs are 400 proofRefused: another key, altered parameters, a wrong counter or key', async () => {
      const ip = freshIp();
      const before = await traces();
      const inTenMinutes = new Date(Date.now() + 600_000);
      const otherKey = await solve(await ownChallenge('not-the-server-key-0123456789abcdef', inTenMinutes));
      const real = await solvedProof(server.url, ip);
      const altered = (change: Partial<ProofChallenge['parameters']>): Proof => ({
        ...real,
        challenge: { ...real.challenge, parameters: { ...real.challenge.parameters, ...change } },
      });
      // the work made cheap for later challenges, and this one's life made longer: the signature no longer fits
      const cheaper = altered({ cost: 1 });
      const longer = altered({ expiresAt: real.challenge.parameters.expiresAt + 3600 });
      const wrongCounter: Proof = { ...real, solution: { ...real.solution, counter: real.solution.counter + 1 } };
      const wrongKey: Proof = { ...real, solution: { ...real.solution, derivedKey: '00'.repeat(32) } };
      for (const [name, proof] of Object.entries({ otherKey, cheaper, longer, wrongCounter, wrongKey })) {
        const res = await post(SIGNUP_API.email, email(`${name.toLowerCase()}@example.sg`, proof), ip);
        assert.equal(res.status, 400, name);
        assert.equal(res.body.key, 'server.proofRefused', name);
      }
      assert.deepEqual(await traces(), before);
      // the real one was not used up by the forged attempts
      assert.equal((await post(SIGNUP_API.email, email('real@example.sg', real), ip)).status, 202);
    });

    test('the refusals read in Tamil as reviewed', () => {
      assert.equal(catalogues.signup.ta['server.proofRefused'], SIGNUP_REFUSALS.proofRefused.ta);
      assert.equal(catalogues.signup.ta['server.proofExpired'], SIGNUP_REFUSALS.proofExpired.ta);
      assert.equal(catalogues.signup.ta['error.proofMissing'], SIGNUP_REFUSALS.proofMissing.ta);
    });
  });
}
