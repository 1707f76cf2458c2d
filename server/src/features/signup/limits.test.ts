import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from '../../../test/peers/whatsapp-api';
import { engines } from '../../../test/support/databases';
import { cheapProof } from '../../../test/support/proof';
import { freePort, startTestServer, type TestServer } from '../../../test/support/server';
import { DAY } from './limits';
import { removeExpiredPending } from './store';

const WA = { token: 'wa-token', phoneId: '100000000000001', appSecret: 'wa-app-secret', verifyToken: 'wa-verify' };
/** The servers' ALTCHA_HMAC_KEY, so these tests sign the cheapest proofs themselves (proof.test.ts tests the proof). */
const HMAC_KEY = 'limits-test-altcha-key-0123456789abcdef';
const PROVED: Record<string, 'email' | 'whatsapp' | 'webpush'> = {
  [SIGNUP_API.email]: 'email',
  [SIGNUP_API.whatsapp]: 'whatsapp',
  [SIGNUP_API.webpush]: 'webpush',
};

interface Answer {
  status: number;
  body: { key?: string; message?: string; status?: string };
}

/** The eight spellings of one Gmail mailbox (docs/decisions/2026-11-26-signup-limits.md: victim+1@, v.ictim@, VICTIM+3@...). */
const spellingsOf = (name: string) => [
  `${name}@gmail.com`,
  `${name}+1@gmail.com`,
  `${name.slice(0, 1)}.${name.slice(1)}@gmail.com`,
  `${name.toUpperCase()}+3@gmail.com`,
  `${name}@googlemail.com`,
  `${name.slice(0, 2)}.${name.slice(2)}+x@GoogleMail.com`,
  `${name.split('').join('.')}@gmail.com`,
  `${name}+news@GMAIL.COM`,
];
/** The local part Gmail delivers to: no dots, no +tag, lower case. */
const gmailBox = (address: string) => address.toLowerCase().split('@')[0].split('+')[0].replace(/\./g, '');

/** A sign-up call as the page makes it (with a solved proof), from client address `ip` (TRUST_PROXY). */
async function postFrom(url: string, path: string, body: unknown, ip: string): Promise<Answer> {
  const channel = PROVED[path];
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(channel ? { ...(body as object), altcha: await cheapProof(HMAC_KEY, channel) } : body),
  });
  return { status: res.status, body: await res.json() };
}

for (const engine of engines()) {
  describe(`sign-up limits (${engine})`, () => {
    let server: TestServer;
    let smtp: SmtpPeer;
    let whatsapp: WhatsAppApi;

    before(async () => {
      smtp = await startSmtpPeer();
      whatsapp = await startWhatsAppApi({
        token: WA.token,
        phoneId: WA.phoneId,
        appSecret: WA.appSecret,
        templates: readmeTemplates(),
      });
      server = await startTestServer(engine, {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'UmmahNotify <notices@example.sg>',
        WHATSAPP_TOKEN: WA.token,
        WHATSAPP_PHONE_ID: WA.phoneId,
        WHATSAPP_API_URL: whatsapp.url,
        WHATSAPP_APP_SECRET: WA.appSecret,
        WHATSAPP_VERIFY_TOKEN: WA.verifyToken,
        WHATSAPP_CODE_DAILY_LIMIT: '3',
        SIGNUP_EMAIL_DOMAIN_HOURLY_LIMIT: '4',
        // a /64 or one IPv4 address may take a twentieth of it (4), a /24 a tenth (8)
        SIGNUP_EMAIL_HOURLY_LIMIT: '80',
        ALTCHA_HMAC_KEY: HMAC_KEY,
        // every client address is believed, as behind a proxy
        TRUST_PROXY: 'true',
      });
    });
    after(async () => {
      await server.stop();
      await Promise.all([smtp.close(), whatsapp.close()]);
    });

    const post = (path: string, body: unknown, ip: string) => postFrom(server.url, path, body, ip);
    const signUp = (email: string, ip: string) =>
      post(SIGNUP_API.email, { email, topics: ['janaza'], language: 'ta' }, ip);
    /** What the SMTP peer received for one Gmail mailbox, whatever the spelling. */
    const mailsTo = (box: string) => smtp.messages.filter((m) => m.to.some((to) => gmailBox(to) === box)).length;

    test('eight spellings of one Gmail mailbox from eight addresses of one /64: 3 mails reach it', async () => {
      const answers: Answer[] = [];
      for (const [i, email] of spellingsOf('victim').entries())
        answers.push(await signUp(email, `2001:db8:5:1::${(i + 1).toString(16)}`));
      assert.deepEqual(
        answers.map((a) => a.status),
        [202, 202, 202, 429, 429, 429, 429, 429],
      );
      for (const refused of answers.slice(3)) assert.equal(refused.body.key, 'server.tooManyMessages');
      assert.equal(mailsTo('victim'), 3);
      // the address stored and mailed is the one typed
      const typed = smtp.messages.flatMap((m) => m.to).filter((to) => gmailBox(to) === 'victim');
      assert.deepEqual(
        typed,
        spellingsOf('victim')
          .slice(0, 3)
          .map((s) => s.toLowerCase()),
      );
    });

    test('eight spellings at once from eight different /64s: still 3 mails', async () => {
      const answers = await Promise.all(
        spellingsOf('target').map((email, i) => signUp(email, `2001:db8:${100 + i}:7::1`)),
      );
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [202, 202, 202, 429, 429, 429, 429, 429]);
      assert.equal(mailsTo('target'), 3);
    });

    test('one /64 is one address for the per-IP limit: 10 a minute across its addresses', async () => {
      // a limited public route with no budget of its own behind it, so the per-IP limit is what answers
      const remove = (ip: string) => post(SIGNUP_API.webpushRemove, { endpoint: 'https://push.example/x' }, ip);
      const answers: Answer[] = [];
      for (let i = 0; i < 11; i++) answers.push(await remove(`2001:db8:77:1:${i + 1}::9`));
      assert.deepEqual(
        answers.map((a) => a.status),
        [...Array(10).fill(200), 429],
      );
      assert.equal(answers[10].body.key, 'server.tooManyRequests');
      // an IPv4-mapped address counts as its IPv4 address
      const v4 = '198.51.100.9';
      for (let i = 0; i < 10; i++) assert.equal((await remove(i % 2 ? v4 : `::ffff:${v4}`)).status, 200);
      assert.equal((await remove(v4)).body.key, 'server.tooManyRequests');
    });

    test('a domain gets SIGNUP_EMAIL_DOMAIN_HOURLY_LIMIT mails an hour; then 429 and nothing sent', async () => {
      const before = smtp.messages.length;
      const statuses: number[] = [];
      let refused: Answer | undefined;
      for (let i = 0; i < 6; i++) {
        const answer = await signUp(`person${i}@small-org.example`, `203.0.113.${10 + i}`);
        statuses.push(answer.status);
        if (answer.status === 429) refused ??= answer;
      }
      assert.deepEqual(statuses, [202, 202, 202, 202, 429, 429]);
      assert.equal(refused?.body.key, 'server.signupBusy');
      assert.equal(smtp.messages.length, before + 4);
      const rows = await server.app.db
        .selectFrom('signup_requests')
        .select('id')
        .where('address', 'like', '%@small-org.example')
        .execute();
      assert.equal(rows.length, 4, 'nothing written for the refused ones');
    });

    test('WHATSAPP_CODE_DAILY_LIMIT=3: numbers from many addresses, the WhatsApp peer receives 3 templates', async () => {
      const sentBefore = whatsapp.sent.length;
      const answers: Answer[] = [];
      for (let i = 0; i < 8; i++) {
        const ip = i % 2 ? `192.0.2.${i + 1}` : `2001:db8:${200 + i}::1`;
        answers.push(
          await post(SIGNUP_API.whatsapp, { phone: `9${1000000 + i}`, topics: ['janaza'], language: 'en' }, ip),
        );
      }
      assert.deepEqual(
        answers.map((a) => a.status),
        [202, 202, 202, 429, 429, 429, 429, 429],
      );
      assert.equal(answers[3].body.key, 'server.whatsappDailyLimit');
      assert.match(String(answers[3].body.message), /reached its limit for today/);
      const templates = whatsapp.sent.slice(sentBefore).filter((m) => m.template);
      assert.equal(templates.length, 3);
      assert.equal(whatsapp.sent.length, sentBefore + 3);
      const requests = await server.app.db
        .selectFrom('signup_requests')
        .select('id')
        .where('channel', '=', 'whatsapp')
        .execute();
      assert.equal(requests.length, 3);
    });

    test('the overall hourly cap (SIGNUP_EMAIL_HOURLY_LIMIT=80) holds across domains and networks', async () => {
      let refused: Answer | undefined;
      for (let i = 0; i < 90 && !refused; i++) {
        const answer = await signUp(`all${i}@domain${i}.example`, `198.18.${i}.1`);
        if (answer.status === 429) refused = answer;
        else assert.equal(answer.status, 202);
      }
      assert.equal(refused?.body.key, 'server.signupBusy');
      assert.equal(smtp.messages.length, 80);
    });

    test('a sign-up never confirmed is removed with its requests when its link has expired', async () => {
      const db = server.app.db;
      const now = Date.now();
      const iso = (ms: number) => new Date(now + ms).toISOString();
      const subscriber = (id: string, confirmed: number, created: number, demo = 0) => ({
        id,
        channel: 'email',
        address: `${id}@example.org`,
        push_keys: null,
        topic_janaza: 1,
        topic_events: 0,
        language: 'en',
        confirmed,
        active: 1,
        created_at: iso(created),
        updated_at: iso(created),
        deactivated_at: null,
        demo,
      });
      const request = (address: string, created: number, expires: number) => ({
        id: `req-${address}-${created}`,
        channel: 'email',
        address: `${address}@example.org`,
        secret_hash: `expiry-${address}-${created}`,
        topic_janaza: 1,
        topic_events: 0,
        language: 'en',
        attempts: 0,
        ip: '10.1.1.1',
        created_at: iso(created),
        expires_at: iso(expires),
        used_at: null,
      });
      await db
        .insertInto('subscribers')
        .values([
          subscriber('expired-pending', 0, -3 * DAY),
          subscriber('pending-asked-again', 0, -3 * DAY),
          subscriber('recent-pending', 0, -DAY),
          subscriber('old-confirmed', 1, -30 * DAY),
          // the demo's sample people stay as seeded
          subscriber('demo-pending', 0, -30 * DAY, 1),
        ])
        .execute();
      await db
        .insertInto('signup_requests')
        .values([
          request('expired-pending', -3 * DAY, -DAY),
          request('pending-asked-again', -3 * DAY, -DAY),
          request('pending-asked-again', -DAY, DAY),
          request('recent-pending', -DAY, DAY),
        ])
        .execute();
      assert.equal(await removeExpiredPending(db, 2 * DAY), 1);
      const left = await db
        .selectFrom('subscribers')
        .select('address')
        .where('address', 'like', '%@example.org')
        .orderBy('address')
        .execute();
      assert.deepEqual(
        left.map((r) => r.address),
        [
          'demo-pending@example.org',
          'old-confirmed@example.org',
          'pending-asked-again@example.org',
          'recent-pending@example.org',
        ],
      );
      const requests = await db
        .selectFrom('signup_requests')
        .select('address')
        .where('address', '=', 'expired-pending@example.org')
        .execute();
      assert.equal(requests.length, 0);
    });
  });

  describe(`sign-up limits: WhatsApp off, per number and per /64, Redis down (${engine})`, () => {
    let off: TestServer;
    let server: TestServer;
    let whatsapp: WhatsAppApi;
    let smtp: SmtpPeer;

    before(async () => {
      smtp = await startSmtpPeer();
      whatsapp = await startWhatsAppApi({
        token: WA.token,
        phoneId: WA.phoneId,
        appSecret: WA.appSecret,
        templates: readmeTemplates(),
      });
      const wa = {
        WHATSAPP_TOKEN: WA.token,
        WHATSAPP_PHONE_ID: WA.phoneId,
        WHATSAPP_API_URL: whatsapp.url,
        WHATSAPP_APP_SECRET: WA.appSecret,
        WHATSAPP_VERIFY_TOKEN: WA.verifyToken,
      };
      off = await startTestServer(engine, { ...wa, WHATSAPP_CODE_DAILY_LIMIT: '0', ALTCHA_HMAC_KEY: HMAC_KEY });
      // Redis set but nothing listening on its port
      server = await startTestServer(engine, {
        ...wa,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'UmmahNotify <notices@example.sg>',
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
        TRUST_PROXY: 'true',
        ALTCHA_HMAC_KEY: HMAC_KEY,
      });
    });
    after(async () => {
      await Promise.all([off.stop(), server.stop()]);
      await Promise.all([whatsapp.close(), smtp.close()]);
    });

    const post = postFrom;

    test('WHATSAPP_CODE_DAILY_LIMIT=0: the options say WhatsApp is off and its sign-up is refused', async () => {
      const options = await (await fetch(`${off.url}${SIGNUP_API.options}`)).json();
      assert.deepEqual(options.whatsapp, { enabled: false });
      const sent = whatsapp.sent.length;
      const res = await post(
        off.url,
        SIGNUP_API.whatsapp,
        { phone: '91112222', topics: ['janaza'], language: 'ta' },
        '10.3.0.1',
      );
      assert.deepEqual([res.status, res.body.key], [503, 'server.whatsappOff']);
      assert.equal(whatsapp.sent.length, sent);
    });

    test('a /64 asks for 5 codes a day; a number gets 3', async () => {
      const sent = whatsapp.sent.length;
      const fromNet = [];
      for (let i = 0; i < 6; i++)
        fromNet.push(
          await post(
            server.url,
            SIGNUP_API.whatsapp,
            { phone: `8${2000000 + i}`, topics: ['events'], language: 'en' },
            `2001:db8:99:1:${i + 1}::1`,
          ),
        );
      assert.deepEqual(
        fromNet.map((a) => a.status),
        [202, 202, 202, 202, 202, 429],
      );
      assert.equal(fromNet[5].body.key, 'server.tooManyCodesFromNetwork');
      const toNumber = [];
      for (let i = 0; i < 4; i++)
        toNumber.push(
          await post(
            server.url,
            SIGNUP_API.whatsapp,
            { phone: '83334444', topics: ['events'], language: 'en' },
            `10.4.0.${i + 1}`,
          ),
        );
      assert.deepEqual(
        toNumber.map((a) => a.status),
        [202, 202, 202, 429],
      );
      assert.equal(toNumber[3].body.key, 'server.tooManyMessages');
      assert.equal(whatsapp.sent.length, sent + 8);
    });

    test('Redis down: the per-IP limit still holds, from the database; answers are 2xx or 429, never 5xx', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push(
          (
            await post(
              server.url,
              SIGNUP_API.email,
              { email: `redis-down${i}@example.org`, topics: ['janaza'], language: 'en' },
              '10.5.0.1',
            )
          ).status,
        );
      assert.deepEqual(statuses, [...Array(10).fill(202), 429, 429]);
      const counted = await server.app.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', 'like', 'rate-limit:POST%10.5.0.1')
        .execute();
      assert.deepEqual(
        counted.map((r) => Number(r.hits)),
        [12],
      );
    });
  });
}
