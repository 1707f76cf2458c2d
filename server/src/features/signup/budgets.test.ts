import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { type ChannelsResponse, DELIVERY_API, type ProofChallenge, type ProvedChannel } from '@ummahnotify/domain';
import { SIGNUP_REFUSALS } from '../../../../shared/domain/test/expected-texts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from '../../../test/peers/whatsapp-api';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { challengeFrom, cheapProof } from '../../../test/support/proof';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { signIn } from '../../../test/support/sign-in';

/**
 * The shared sign-up budgets against one network (docs/decisions/2026-11-26-signup-limits.md, "Shares of a
 * budget"): a security review sent 102 WhatsApp sign-ups from 21 /64s of one /56 in 4.6 s, spent the day's 100
 * codes on numbers of its choice and locked every real visitor out until midnight UTC. Each sign-up here carries
 * the cheapest proof a challenge signed with the server's key can have: the attacker at its fastest.
 */
const WA = { token: 'wa-token', phoneId: '100000000000003', appSecret: 'wa-app-secret', verifyToken: 'wa-verify' };
const HMAC_KEY = 'budgets-test-altcha-key-0123456789abcdef';

interface Answer {
  status: number;
  body: { key?: string; message?: string; status?: string };
}

/** The sign-up as the page sends it, with a proof bound to its channel, from client address `ip`. */
async function signUp(url: string, channel: 'email' | 'whatsapp', body: object, ip: string): Promise<Answer> {
  const res = await fetch(`${url}${SIGNUP_API[channel]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ ...body, topics: ['janaza'], language: 'en', altcha: await cheapProof(HMAC_KEY, channel) }),
  });
  return { status: res.status, body: await res.json() };
}

/** The i-th of `count` /64s of the /56 2001:db8:56:4200::/56, address `n` in it. */
const inOneSite = (i: number, n: number) => `2001:db8:56:${(0x4200 + i).toString(16)}::${n.toString(16)}`;
/** A phone number of the i-th sign-up: 8 digits starting with 9. */
const phoneOf = (i: number) => `9${String(1_000_000 + i)}`;

for (const engine of engines()) {
  describe(`no one network drains a shared sign-up budget (${engine})`, () => {
    let server: TestServer;
    let whatsapp: WhatsAppApi;
    let smtp: SmtpPeer;

    before(async () => {
      whatsapp = await startWhatsAppApi({ ...WA, templates: readmeTemplates() });
      smtp = await startSmtpPeer();
      // the budgets as they ship: 100 WhatsApp codes a UTC day, 500 confirmation mails an hour
      server = await startTestServer(engine, {
        WHATSAPP_TOKEN: WA.token,
        WHATSAPP_PHONE_ID: WA.phoneId,
        WHATSAPP_API_URL: whatsapp.url,
        WHATSAPP_APP_SECRET: WA.appSecret,
        WHATSAPP_VERIFY_TOKEN: WA.verifyToken,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'UmmahNotify <notices@example.sg>',
        ALTCHA_HMAC_KEY: HMAC_KEY,
      });
    });
    after(async () => {
      await server.stop();
      await Promise.all([whatsapp.close(), smtp.close()]);
    });

    const templatesSent = () => whatsapp.sent.filter((m) => m.template).length;

    test("the review's replay: 102 sign-ups from 21 /64s of one /56 send at most a tenth of the day's 100 codes; other networks still sign up", async () => {
      const sentBefore = templatesSent();
      const answers: Answer[] = [];
      for (let i = 0; i < 102; i++)
        answers.push(
          await signUp(server.url, 'whatsapp', { phone: phoneOf(i) }, inOneSite(i % 21, 1 + Math.floor(i / 21))),
        );
      const accepted = answers.filter((a) => a.status === 202).length;
      const sent = templatesSent() - sentBefore;
      assert.ok(sent <= 100 / 10, `${sent} codes sent`);
      // a /56 takes a twentieth of the budget (the decision record): 5
      assert.equal(sent, 5);
      assert.equal(accepted, sent);
      for (const refused of answers.filter((a) => a.status !== 202)) {
        assert.equal(refused.status, 429);
        assert.equal(refused.body.key, 'server.tooManyCodesFromNetwork');
        assert.equal(refused.body.message, SIGNUP_REFUSALS.tooManyCodesFromNetwork.en);
      }
      // real visitors elsewhere: another IPv6 network and an IPv4 address
      for (const [i, ip] of ['2001:db8:beef:1::20', '203.0.113.50'].entries()) {
        const answer = await signUp(server.url, 'whatsapp', { phone: phoneOf(500 + i) }, ip);
        assert.deepEqual([answer.status, answer.body.status], [202, 'confirmation-sent'], ip);
      }
      assert.equal(templatesSent() - sentBefore, 7);
    });

    test('a /48 of many /56s, and an IPv4 /24 of many addresses, each take a tenth of the codes', async () => {
      const sentBefore = templatesSent();
      let fromOrganisation = 0;
      // 40 sign-ups: 8 /56s of 2001:db8:48::/48, five /64s each
      for (let i = 0; i < 40; i++) {
        const ip = `2001:db8:48:${((i % 8) * 0x100 + Math.floor(i / 8)).toString(16)}::1`;
        const answer = await signUp(server.url, 'whatsapp', { phone: phoneOf(1000 + i) }, ip);
        if (answer.status === 202) fromOrganisation++;
        else assert.equal(answer.body.key, 'server.tooManyCodesFromNetwork');
      }
      assert.equal(fromOrganisation, 100 / 10);
      let fromSlash24 = 0;
      for (let i = 0; i < 15; i++) {
        const answer = await signUp(server.url, 'whatsapp', { phone: phoneOf(2000 + i) }, `198.51.100.${i + 1}`);
        if (answer.status === 202) fromSlash24++;
      }
      assert.equal(fromSlash24, 100 / 10);
      assert.equal(templatesSent() - sentBefore, 20);
    });

    test("a /48 sends at most a tenth of the hour's 500 confirmation mails", async () => {
      const mailsBefore = smtp.messages.length;
      const statuses = new Map<string, number>();
      // 60 sign-ups from 60 /64s of 12 /56s of one /48, to 60 mailboxes of as many domains
      for (let i = 0; i < 60; i++) {
        const ip = `2001:db8:4848:${((i % 12) * 0x100 + Math.floor(i / 12)).toString(16)}::1`;
        const answer = await signUp(server.url, 'email', { email: `person${i}@domain${i}.example` }, ip);
        const said = `${answer.status} ${answer.body.key ?? answer.body.status}`;
        statuses.set(said, (statuses.get(said) ?? 0) + 1);
      }
      assert.deepEqual(Object.fromEntries(statuses), {
        '202 confirmation-sent': 500 / 10,
        '429 server.tooManyFromNetwork': 10,
      });
      await smtp.waitFor(mailsBefore + 50);
      assert.equal(smtp.messages.length, mailsBefore + 50);
      const refused = await signUp(server.url, 'email', { email: 'one-more@example.org' }, '2001:db8:4848:ff::1');
      assert.equal(refused.body.message, SIGNUP_REFUSALS.tooManyFromNetwork.en);
      // another network still gets its mail
      const other = await signUp(server.url, 'email', { email: 'neighbour@example.org' }, '2001:db8:9999::1');
      assert.equal(other.status, 202);
    });
  });

  describe(`a budget filling: the proof's cost, the staff's channel card, the log (${engine})`, () => {
    let server: TestServer;
    let whatsapp: WhatsAppApi;
    const logLines: string[] = [];

    before(async () => {
      whatsapp = await startWhatsAppApi({ ...WA, templates: readmeTemplates() });
      server = await startTestServer(
        engine,
        {
          WHATSAPP_TOKEN: WA.token,
          WHATSAPP_PHONE_ID: WA.phoneId,
          WHATSAPP_API_URL: whatsapp.url,
          WHATSAPP_APP_SECRET: WA.appSecret,
          WHATSAPP_VERIFY_TOKEN: WA.verifyToken,
          // a small budget: every /48 may take a tenth of it, one code
          WHATSAPP_CODE_DAILY_LIMIT: '10',
          ALTCHA_HMAC_KEY: HMAC_KEY,
        },
        { logLines },
      );
    });
    after(async () => {
      await server.stop();
      await whatsapp.close();
    });

    const costFor = async (ip: string, channel?: ProvedChannel) =>
      ((await challengeFrom(server.url, ip, channel)) as ProofChallenge).parameters.cost;
    /** The i-th sign-up, each from a /48 of its own. */
    const signUpFrom = (i: number) =>
      signUp(server.url, 'whatsapp', { phone: phoneOf(3000 + i) }, `2001:db8:${i + 1}::1`);
    const budgetLines = () =>
      logLines
        .map((l) => JSON.parse(l) as { msg: string; level: number })
        .filter((l) => l.msg.startsWith('sign-up budget'));

    test('at 50 % and 80 % of the day: the card says so, the log says so once each, the proof costs 2.5 and 3.4 times as much', async () => {
      const staff = client(server.url, (await signIn(server.url, { email: 'root@example.sg' })).jar);
      const budget = async () => {
        const answer = await staff.get<ChannelsResponse>(DELIVERY_API.channels);
        assert.equal(answer.status, 200);
        return answer.body.signupBudgets?.find((b) => b.channel === 'whatsapp');
      };
      const fresh = '2001:db8:ffff::1';
      const base = await costFor(fresh, 'whatsapp');
      assert.deepEqual(
        { ...(await budget()), resetsAt: undefined },
        { channel: 'whatsapp', budget: 'whatsappCodes', used: 0, limit: 10, level: 0, resetsAt: undefined },
      );
      // the budget is the UTC day's: whole again at the next midnight UTC
      const midnight = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      assert.equal((await budget())?.resetsAt, `${midnight}T00:00:00.000Z`);

      assert.equal((await signUpFrom(0)).status, 202);
      // the /48 that took its share (a tenth: one code) pays the most; a fresh network 1 + 3 × 10 %
      assert.equal(await costFor('2001:db8:1::2', 'whatsapp'), base * 4);
      assert.equal(await costFor(fresh, 'whatsapp'), Math.round(base * 1.3));
      for (let i = 1; i < 4; i++) assert.equal((await signUpFrom(i)).status, 202);
      assert.equal(budgetLines().length, 0, 'nothing said under half');
      assert.equal((await budget())?.level, 0);

      assert.equal((await signUpFrom(4)).status, 202);
      assert.deepEqual(await budget(), { ...(await budget()), used: 5, level: 50 });
      assert.equal(await costFor(fresh, 'whatsapp'), base * 2.5);
      for (let i = 5; i < 7; i++) assert.equal((await signUpFrom(i)).status, 202);
      assert.deepEqual(
        budgetLines().map((l) => l.msg),
        ["sign-up budget: today's WhatsApp sign-up codes are 50 % used (5 of 10)"],
      );

      assert.equal((await signUpFrom(7)).status, 202);
      assert.deepEqual(await budget(), { ...(await budget()), used: 8, level: 80 });
      assert.equal(await costFor(fresh, 'whatsapp'), Math.round(base * 3.4));
      // a challenge for no channel is good for any: it costs what the dearest costs
      assert.equal(await costFor(fresh), Math.round(base * 3.4));
      for (let i = 8; i < 10; i++) assert.equal((await signUpFrom(i)).status, 202);
      const full = await signUpFrom(10);
      assert.deepEqual([full.status, full.body.key], [429, 'server.whatsappDailyLimit']);
      assert.equal(full.body.message, SIGNUP_REFUSALS.whatsappDailyLimit.en);
      assert.equal(await costFor(fresh, 'whatsapp'), base * 4);
      assert.deepEqual(
        budgetLines().map((l) => [l.msg, l.level]),
        [
          ["sign-up budget: today's WhatsApp sign-up codes are 50 % used (5 of 10)", 40],
          ["sign-up budget: today's WhatsApp sign-up codes are 80 % used (8 of 10)", 40],
        ],
      );
      // the other channels' challenges are not dearer for it
      assert.equal(await costFor(fresh, 'email'), base);
    });

    test("a proof bound to one sign-up is refused for another's", async () => {
      const answer = await fetch(`${server.url}${SIGNUP_API.whatsapp}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:abab::1' },
        body: JSON.stringify({
          phone: phoneOf(9000),
          topics: ['janaza'],
          language: 'en',
          altcha: await cheapProof(HMAC_KEY, 'email'),
        }),
      });
      assert.equal(answer.status, 400);
      assert.equal(((await answer.json()) as Answer['body']).key, 'server.proofRefused');
    });
  });
}
