import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { SIGNUP_OUTCOMES } from '../../../../shared/domain/test/expected-texts';
import { PUSH_SERVICE_CERT, startPushService } from '../../../test/peers/push-service';
import { type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { startTelegramApi, type TelegramApi } from '../../../test/peers/telegram-api';
import { readmeTemplates, startWhatsAppApi, type WhatsAppApi } from '../../../test/peers/whatsapp-api';
import { engines } from '../../../test/support/databases';
import { withProof } from '../../../test/support/proof';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { HOUR } from './limits';
import { purgeRequests } from './store';

const BOT_TOKEN = '123456:test-bot-token';
const WA = { token: 'wa-token', phoneId: '100000000000001', appSecret: 'wa-app-secret', verifyToken: 'wa-verify' };

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

let nextIp = 1;
/** Each test calls from its own address, so the per-IP limits of one test do not touch another. */
const freshIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

for (const engine of engines()) {
  describe(`public sign-up (${engine})`, () => {
    let server: TestServer;
    let smtp: SmtpPeer;
    let telegram: TelegramApi;
    let whatsapp: WhatsAppApi;
    let push: Awaited<ReturnType<typeof startPushService>>;

    before(async () => {
      smtp = await startSmtpPeer();
      telegram = await startTelegramApi({ token: BOT_TOKEN });
      whatsapp = await startWhatsAppApi({
        token: WA.token,
        phoneId: WA.phoneId,
        appSecret: WA.appSecret,
        templates: readmeTemplates(),
      });
      push = await startPushService({ tls: true });
      server = await startTestServer(
        engine,
        {
          SMTP_URL: smtp.url,
          MAIL_FROM: 'UmmahNotify <notices@example.sg>',
          TELEGRAM_BOT_TOKEN: BOT_TOKEN,
          TELEGRAM_API_URL: telegram.url,
          // http PUBLIC_URL: Telegram cannot call it, so the bot polls (telegram-webhook.test.ts has the webhook)
          TELEGRAM_UPDATES: 'auto',
          WHATSAPP_TOKEN: WA.token,
          WHATSAPP_PHONE_ID: WA.phoneId,
          WHATSAPP_API_URL: whatsapp.url,
          WHATSAPP_APP_SECRET: WA.appSecret,
          WHATSAPP_VERIFY_TOKEN: WA.verifyToken,
          // the local push service: https on its own port (real deployments: push services on 443)
          WEBPUSH_ENDPOINT_HOSTS: new URL(push.url).host,
        },
        { delivery: { pushServiceCa: PUSH_SERVICE_CERT } },
      );
    });
    after(async () => {
      await server.stop();
      await Promise.all([smtp.close(), telegram.close(), whatsapp.close(), push.close()]);
    });

    const call = async (method: string, path: string, body: unknown, ip: string, type = 'application/json') => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'x-forwarded-for': ip, ...(body === undefined ? {} : { 'content-type': type }) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} } as Answer;
    };
    // Email and WhatsApp sign-ups carry a solved proof of work, as the page sends them (proof.test.ts tests it).
    const post = async (path: string, body: unknown, ip: string) =>
      call('POST', path, await withProof(server.url, path, body, ip), ip);
    const subscribers = (channel: string, address: string) =>
      server.app.db
        .selectFrom('subscribers')
        .selectAll()
        .where('channel', '=', channel)
        .where('address', '=', address)
        .execute();
    const requestCount = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('signup_requests')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tokenOf = (text: string) => {
      const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(text);
      assert.ok(match, `a confirmation link in: ${text}`);
      return match[1];
    };

    test('options say which channels are on, with the VAPID key and the bot name', async () => {
      const res = await fetch(`${server.url}${SIGNUP_API.options}`);
      const options = await res.json();
      assert.equal(res.status, 200);
      assert.equal(options.webpush.enabled, true);
      assert.match(options.webpush.publicKey, /^[A-Za-z0-9_-]{80,}$/);
      assert.deepEqual(options.email, { enabled: true });
      assert.deepEqual(options.telegram, { enabled: true, bot: telegram.username });
      assert.deepEqual(options.whatsapp, { enabled: true });
    });

    test('a push endpoint outside the push services is refused and nothing is written', async () => {
      const ip = freshIp();
      const { keys } = push.subscribe();
      const { port } = new URL(push.url);
      for (const endpoint of [
        'https://169.254.169.254/latest/meta-data',
        'https://fcm.googleapis.com.evil.example/x',
        `http://127.0.0.1:${port}/push/plain-http`,
        'https://127.0.0.1/push/other-port',
        `https://user:pw@127.0.0.1:${port}/push/with-credentials`,
      ]) {
        const res = await post(
          SIGNUP_API.webpush,
          { subscription: { endpoint, keys }, topics: ['janaza'], language: 'en' },
          ip,
        );
        assert.equal(res.status, 400);
        assert.match(JSON.stringify(res.body), /push service is not supported/);
        assert.equal((await subscribers('webpush', endpoint)).length, 0);
      }
    });

    test('web push keys that are not a P-256 point and a 16-byte secret are refused; nothing is written', async () => {
      const ip = freshIp();
      const { keys } = push.subscribe();
      const point = Buffer.from(keys.p256dh, 'base64url');
      const offCurve = Buffer.from(point);
      offCurve[64] ^= 1; // y changed: no longer on the curve (y² ≠ x³ - 3x + b)
      const compressed = Buffer.concat([Buffer.from([2 + (point[64] & 1)]), point.subarray(1, 33)]);
      const cases: [Record<string, string>, RegExp][] = [
        [{ ...keys, p256dh: offCurve.toString('base64url') }, /push key is not a P-256 public key/],
        [{ ...keys, p256dh: compressed.toString('base64url') }, /push key is not a P-256 public key/],
        [{ ...keys, p256dh: Buffer.alloc(65, 4).toString('base64url') }, /push key is not a P-256 public key/],
        [{ ...keys, auth: Buffer.alloc(15, 7).toString('base64url') }, /push secret is not 16 bytes/],
        [{ ...keys, auth: Buffer.alloc(32, 7).toString('base64url') }, /push secret is not 16 bytes/],
      ];
      for (const [i, [badKeys, message]] of cases.entries()) {
        const endpoint = `${push.url}/push/bad-keys-${i}`;
        const res = await post(
          SIGNUP_API.webpush,
          { subscription: { endpoint, keys: badKeys }, topics: ['janaza'], language: 'en' },
          ip,
        );
        assert.equal(res.status, 400, `case ${i}`);
        assert.match(String(res.body.message), message);
        // the key the landing page says it with, in Tamil too
        assert.equal(res.body.key, i < 3 ? 'server.pushKeyNotOnCurve' : 'server.pushAuthNot16Bytes');
        assert.equal((await subscribers('webpush', endpoint)).length, 0);
      }
    });

    test('web push: stored once its push service accepted the welcome push; the same endpoint twice is one subscriber; remove deactivates', async () => {
      const ip = freshIp();
      const subscription = push.subscribe();
      const pushes = push.received.length;
      const first = await post(SIGNUP_API.webpush, { subscription, topics: ['janaza'], language: 'ta' }, ip);
      assert.deepEqual(first, { status: 201, body: { status: 'subscribed' } });
      // the welcome push, decrypted by the push service with the browser's keys, in the chosen language
      const welcome = push.received.slice(pushes);
      assert.equal(welcome.length, 1);
      assert.deepEqual([welcome[0].endpoint, welcome[0].status], [subscription.endpoint, 201]);
      assert.deepEqual(welcome[0].payload, {
        title: SIGNUP_OUTCOMES.webpushWelcomeTitle.ta,
        body: SIGNUP_OUTCOMES.webpushWelcome.ta('ஜனாஸா அறிவிப்புகள்'),
        url: `${server.url}/`,
        image: null,
        tag: 'welcome',
        correction: false,
        lang: 'ta',
      });
      // a subscription already delivered to only changes its choices: no second welcome
      const again = await post(SIGNUP_API.webpush, { subscription, topics: ['events', 'janaza'], language: 'ta' }, ip);
      assert.equal(again.status, 201);
      assert.equal(push.received.length, pushes + 1);
      const rows = await subscribers('webpush', subscription.endpoint);
      assert.equal(rows.length, 1);
      const [row] = rows;
      assert.deepEqual(JSON.parse(row.push_keys ?? ''), subscription.keys);
      assert.deepEqual([row.confirmed, row.active, row.topic_janaza, row.topic_events, row.language].map(String), [
        '1',
        '1',
        '1',
        '1',
        'ta',
      ]);
      assert.equal(row.token_hash, null, 'no unsubscribe secret before an email needs one');

      const removed = await post(SIGNUP_API.webpushRemove, { endpoint: subscription.endpoint }, ip);
      assert.deepEqual(removed, { status: 200, body: { status: 'unsubscribed' } });
      const [gone] = await subscribers('webpush', subscription.endpoint);
      assert.equal(Number(gone.active), 0);
      assert.ok(gone.deactivated_at);
    });

    test('email: nothing but the confirmation link before the click; the click confirms once', async () => {
      const ip = freshIp();
      const before = smtp.messages.length;
      const res = await post(SIGNUP_API.email, { email: ' Aisha@Example.SG ', topics: ['events'], language: 'ta' }, ip);
      assert.deepEqual(res, { status: 202, body: { status: 'confirmation-sent' } });
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      assert.deepEqual(mail.to, ['aisha@example.sg']);
      const token = tokenOf(mail.text);
      assert.ok(mail.text.includes(`${server.url}/subscribe/confirm?token=${token}`));

      const [pending] = await subscribers('email', 'aisha@example.sg');
      assert.deepEqual([pending.confirmed, pending.active].map(Number), [0, 1]);

      const confirmed = await post(SIGNUP_API.emailConfirm, { token }, ip);
      assert.deepEqual(confirmed, { status: 200, body: { status: 'confirmed' } });
      const rows = await subscribers('email', 'aisha@example.sg');
      assert.equal(rows.length, 1);
      assert.deepEqual(
        [rows[0].confirmed, rows[0].active, rows[0].topic_janaza, rows[0].topic_events, rows[0].language].map(String),
        ['1', '1', '0', '1', 'ta'],
      );

      const reused = await post(SIGNUP_API.emailConfirm, { token }, ip);
      assert.equal(reused.status, 400);
      assert.equal(reused.body.message, 'This confirmation link has expired or was already used');
    });

    test('email: a known address gets the same answer and stays as it was until the new link is clicked', async () => {
      const ip = freshIp();
      const address = 'known@example.sg';
      const first = smtp.messages.length;
      await post(SIGNUP_API.email, { email: address, topics: ['janaza'], language: 'en' }, ip);
      const token = tokenOf((await smtp.waitFor(first + 1))[first].text);
      await post(SIGNUP_API.emailConfirm, { token }, ip);

      const res = await post(SIGNUP_API.email, { email: address, topics: ['events'], language: 'ta' }, ip);
      assert.deepEqual(res, { status: 202, body: { status: 'confirmation-sent' } });
      const second = (await smtp.waitFor(first + 2))[first + 1];
      let rows = await subscribers('email', address);
      assert.equal(rows.length, 1);
      assert.deepEqual([rows[0].confirmed, rows[0].topic_janaza, rows[0].language].map(String), ['1', '1', 'en']);

      await post(SIGNUP_API.emailConfirm, { token: tokenOf(second.text) }, ip);
      rows = await subscribers('email', address);
      assert.deepEqual([rows[0].topic_janaza, rows[0].topic_events, rows[0].language].map(String), ['0', '1', 'ta']);
    });

    test('unsubscribe by token, by one-click form post and by empty post; unknown tokens are 404', async () => {
      const ip = freshIp();
      const make = async () => {
        const subscription = push.subscribe();
        await post(SIGNUP_API.webpush, { subscription, topics: ['janaza'], language: 'en' }, ip);
        const [row] = await subscribers('webpush', subscription.endpoint);
        // What an email's send step stores (delivery/claim.ts): only the SHA-256 of the link's secret.
        const token = randomBytes(32).toString('base64url');
        const hash = createHash('sha256').update(token).digest('hex');
        await server.app.db.updateTable('subscribers').set({ token_hash: hash }).where('id', '=', row.id).execute();
        return { token, endpoint: subscription.endpoint };
      };
      const { token: a, endpoint: endpointA } = await make();
      const { token: b, endpoint: endpointB } = await make();
      const { token: c, endpoint: endpointC } = await make();

      assert.deepEqual(await post(SIGNUP_API.unsubscribe, { token: a }, ip), {
        status: 200,
        body: { status: 'unsubscribed' },
      });
      const [rowA] = await subscribers('webpush', endpointA);
      assert.equal(Number(rowA.active), 0);
      assert.equal((await post(SIGNUP_API.unsubscribe, { token: a }, ip)).status, 200, 'idempotent');
      const [again] = await subscribers('webpush', endpointA);
      assert.equal(again.deactivated_at, rowA.deactivated_at);

      const oneClick = await call(
        'POST',
        SIGNUP_API.oneClickUnsubscribe(b),
        'List-Unsubscribe=One-Click',
        ip,
        'application/x-www-form-urlencoded',
      );
      assert.deepEqual(oneClick, { status: 200, body: { status: 'unsubscribed' } });
      const empty = await call('POST', SIGNUP_API.oneClickUnsubscribe(c), undefined, ip);
      assert.equal(empty.status, 200);
      for (const endpoint of [endpointB, endpointC]) {
        const [row] = await subscribers('webpush', endpoint);
        assert.equal(Number(row.active), 0, endpoint);
      }

      const unknown = await post(SIGNUP_API.unsubscribe, { token: 'x'.repeat(43) }, ip);
      assert.equal(unknown.status, 404);
      assert.equal((await post(SIGNUP_API.oneClickUnsubscribe('y'.repeat(43)), undefined, ip)).status, 404);
    });

    test('bad input answers 400 with the field errors and writes and sends nothing', async () => {
      const ip = freshIp();
      const requests = await requestCount();
      const mails = smtp.messages.length;
      const waSent = whatsapp.sent.length;
      const subscriberCount = async () => (await server.app.db.selectFrom('subscribers').select('id').execute()).length;
      const subscribersBefore = await subscriberCount();

      const badEmail = await post(SIGNUP_API.email, { email: 'not-an-email', topics: ['janaza'], language: 'en' }, ip);
      assert.equal(badEmail.status, 400);
      assert.equal(badEmail.body.code, 400);
      assert.match(String(badEmail.body.message), /valid email/);
      assert.ok(Array.isArray(badEmail.body.errors));
      const noTopics = await post(SIGNUP_API.email, { email: 'ok@example.sg', topics: [], language: 'en' }, ip);
      assert.equal(noTopics.status, 400);
      const badLanguage = await post(SIGNUP_API.telegram, { topics: ['janaza'], language: 'fr' }, ip);
      assert.equal(badLanguage.status, 400);
      const badPhone = await post(SIGNUP_API.whatsapp, { phone: '1234', topics: ['janaza'], language: 'en' }, ip);
      assert.equal(badPhone.status, 400);
      assert.match(String(badPhone.body.message), /8-digit Singapore number/);
      const badPush = await post(
        SIGNUP_API.webpush,
        {
          subscription: { endpoint: 'ftp://x.example/1', keys: { p256dh: 'a', auth: 'b' } },
          topics: ['janaza'],
          language: 'en',
        },
        ip,
      );
      assert.equal(badPush.status, 400);
      const badToken = await post(SIGNUP_API.emailConfirm, { token: 'short' }, ip);
      assert.equal(badToken.status, 400);

      assert.equal(await requestCount(), requests);
      assert.equal(await subscriberCount(), subscribersBefore);
      assert.equal(smtp.messages.length, mails);
      assert.equal(whatsapp.sent.length, waSent);
    });

    test('an address gets at most 3 confirmation messages a day; the 4th is 429 and sends nothing', async () => {
      const address = 'often@example.sg';
      const before = smtp.messages.length;
      for (let i = 0; i < 3; i++) {
        const res = await post(SIGNUP_API.email, { email: address, topics: ['janaza'], language: 'en' }, freshIp());
        assert.equal(res.status, 202);
      }
      await smtp.waitFor(before + 3);
      const fourth = await post(SIGNUP_API.email, { email: address, topics: ['janaza'], language: 'en' }, freshIp());
      assert.equal(fourth.status, 429);
      assert.match(String(fourth.body.message), /already sent 3 confirmation messages/);
      assert.equal(fourth.body.key, 'server.tooManyMessages');
      assert.equal(smtp.messages.length, before + 3);
      const requests = await server.app.db
        .selectFrom('signup_requests')
        .select('id')
        .where('address', '=', address)
        .execute();
      assert.equal(requests.length, 3);
    });

    test('used and expired requests older than an hour are deleted, with their IP', async () => {
      const now = Date.now();
      const at = (ms: number) => new Date(now + ms).toISOString();
      const row = (id: string, created: number, expires: number, used: number | null) => ({
        id,
        channel: 'email',
        address: `${id}@example.sg`,
        secret_hash: `purge-${id}`,
        topic_janaza: 1,
        topic_events: 0,
        language: 'en',
        attempts: 0,
        ip: '10.9.9.9',
        created_at: at(created),
        expires_at: at(expires),
        used_at: used === null ? null : at(used),
      });
      await server.app.db
        .insertInto('signup_requests')
        .values([
          row('purge-used-old', -3 * HOUR, 45 * HOUR, -3 * HOUR),
          row('purge-expired-old', -3 * HOUR, -2 * HOUR, null),
          row('purge-open-old', -3 * HOUR, 45 * HOUR, null),
          row('purge-used-recent', -10 * 60 * 1000, 47 * HOUR, -5 * 60 * 1000),
        ])
        .execute();
      const deleted = await purgeRequests(server.app.db, new Date(now - HOUR));
      const left = await server.app.db
        .selectFrom('signup_requests')
        .select('id')
        .where('id', 'like', 'purge-%')
        .orderBy('id')
        .execute();
      assert.equal(deleted, 2);
      assert.deepEqual(
        left.map((r) => r.id),
        ['purge-open-old', 'purge-used-recent'],
      );
    });

    test('one IP gets 10 sign-ups a minute on a route; the 11th is 429 and sends nothing', async () => {
      const ip = freshIp();
      const before = smtp.messages.length;
      for (let i = 0; i < 10; i++) {
        const res = await post(
          SIGNUP_API.email,
          { email: `ip${i}@example.sg`, topics: ['events'], language: 'en' },
          ip,
        );
        assert.equal(res.status, 202, `sign-up ${i + 1}`);
      }
      await smtp.waitFor(before + 10);
      const eleventh = await post(
        SIGNUP_API.email,
        { email: 'ip10@example.sg', topics: ['events'], language: 'en' },
        ip,
      );
      assert.equal(eleventh.status, 429);
      assert.equal(eleventh.body.code, 429);
      assert.match(String(eleventh.body.message), /Too many requests/);
      assert.equal(eleventh.body.key, 'server.tooManyRequests');
      assert.equal(smtp.messages.length, before + 10);
      assert.equal((await subscribers('email', 'ip10@example.sg')).length, 0);
      // another address is not held back
      const other = await post(
        SIGNUP_API.email,
        { email: 'ip10@example.sg', topics: ['events'], language: 'en' },
        freshIp(),
      );
      assert.equal(other.status, 202);
    });

    const startToken = (link: string) => {
      const match = new RegExp(`^https://t\\.me/${telegram.username}\\?start=([A-Za-z0-9_-]+)$`).exec(link);
      assert.ok(match, link);
      return match[1];
    };

    test('Telegram: /start with the deep-link token subscribes the chat and answers in its language', async () => {
      const ip = freshIp();
      const chat = 5550001;
      const res = await post(SIGNUP_API.telegram, { topics: ['janaza', 'events'], language: 'ta' }, ip);
      assert.equal(res.status, 200);
      const token = startToken(String(res.body.link));

      const sentBefore = telegram.sent.length;
      assert.equal(await telegram.deliverUpdate(telegram.messageUpdate(chat, `/start ${token}`)), 200);
      const rows = await subscribers('telegram', String(chat));
      assert.equal(rows.length, 1);
      assert.deepEqual(
        [rows[0].confirmed, rows[0].active, rows[0].topic_janaza, rows[0].topic_events, rows[0].language].map(String),
        ['1', '1', '1', '1', 'ta'],
      );
      const [welcome] = telegram.sent.slice(sentBefore);
      assert.equal(welcome.chat_id, String(chat));
      assert.equal(welcome.text, SIGNUP_OUTCOMES.telegramWelcome.ta(SIGNUP_OUTCOMES.topics.ta));

      // the token is used up: a second /start explains how to subscribe and changes nothing
      assert.equal(await telegram.deliverUpdate(telegram.messageUpdate(5550002, `/start ${token}`)), 200);
      assert.equal((await subscribers('telegram', '5550002')).length, 0);
      const howTo = telegram.sent.at(-1);
      assert.equal(howTo?.chat_id, '5550002');
      assert.equal(howTo?.text, SIGNUP_OUTCOMES.telegramHowTo.en(`${server.url}/`));

      // /stop deactivates and says so
      assert.equal(await telegram.deliverUpdate(telegram.messageUpdate(chat, '/stop')), 200);
      assert.equal(Number((await subscribers('telegram', String(chat)))[0].active), 0);
      assert.equal(telegram.sent.at(-1)?.text, SIGNUP_OUTCOMES.telegramStopped.ta(`${server.url}/`));

      // signing up again brings the same row back; blocking the bot deactivates it
      const again = await post(SIGNUP_API.telegram, { topics: ['events'], language: 'en' }, ip);
      await telegram.deliverUpdate(telegram.messageUpdate(chat, `/start ${startToken(String(again.body.link))}`));
      let after = await subscribers('telegram', String(chat));
      assert.equal(after.length, 1);
      assert.deepEqual([after[0].active, after[0].topic_janaza, after[0].language].map(String), ['1', '0', 'en']);
      assert.equal(await telegram.deliverUpdate(telegram.chatMemberUpdate(chat, 'kicked')), 200);
      after = await subscribers('telegram', String(chat));
      assert.equal(Number(after[0].active), 0);
    });

    const codeSentTo = (digits: string) => {
      const message = whatsapp.sent.filter((m) => m.to.replace(/\D/g, '') === digits).at(-1);
      const code = message?.body?.match(/\b(\d{6})\b/)?.[1];
      assert.ok(code, `a code was sent to ${digits}`);
      return { code, body: message?.body ?? '', template: message?.template };
    };

    test('WhatsApp: the code sent over WhatsApp confirms the number; a wrong code does not', async () => {
      const ip = freshIp();
      const res = await post(SIGNUP_API.whatsapp, { phone: '9123 4567', topics: ['janaza'], language: 'ta' }, ip);
      assert.deepEqual(res, { status: 202, body: { status: 'confirmation-sent' } });
      // a number that never wrote to us: only a template reaches it (free text would be refused with 131047)
      const { code, body, template } = codeSentTo('6591234567');
      assert.deepEqual([template?.name, template?.language], ['ummahnotify_code', 'ta']);
      assert.equal(body, `${code} என்பது உங்கள் சரிபார்ப்புக் குறியீடு.`);
      assert.equal((await subscribers('whatsapp', '+6591234567')).length, 0, 'nothing before the code');

      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const refused = await post(SIGNUP_API.whatsappConfirm, { phone: '+6591234567', code: wrong }, ip);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, 'That code is not right');
      assert.deepEqual([refused.body.key, refused.body.params], ['server.codeWrong', {}]);
      const ok = await post(SIGNUP_API.whatsappConfirm, { phone: '91234567', code }, ip);
      assert.deepEqual(ok, { status: 200, body: { status: 'confirmed' } });
      const rows = await subscribers('whatsapp', '+6591234567');
      assert.equal(rows.length, 1);
      assert.deepEqual([rows[0].confirmed, rows[0].active, rows[0].language].map(String), ['1', '1', 'ta']);
      const reused = await post(SIGNUP_API.whatsappConfirm, { phone: '91234567', code }, ip);
      assert.equal(reused.status, 400);
    });

    test('WhatsApp: after 5 wrong codes even the right one is refused with 429', async () => {
      const ip = freshIp();
      await post(SIGNUP_API.whatsapp, { phone: '82345678', topics: ['events'], language: 'en' }, ip);
      const { code } = codeSentTo('6582345678');
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) {
        const res = await post(SIGNUP_API.whatsappConfirm, { phone: '82345678', code: wrong }, ip);
        assert.equal(res.status, 400, `attempt ${i + 1}`);
      }
      const sixth = await post(SIGNUP_API.whatsappConfirm, { phone: '82345678', code }, freshIp());
      assert.equal(sixth.status, 429);
      assert.equal((await subscribers('whatsapp', '+6582345678')).length, 0);
    });

    test('WhatsApp: 30 wrong codes at once get 5 tries between them, not more', async () => {
      await post(SIGNUP_API.whatsapp, { phone: '87776666', topics: ['janaza'], language: 'en' }, freshIp());
      const { code } = codeSentTo('6587776666');
      const wrong = String((Number(code) + 11) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          post(SIGNUP_API.whatsappConfirm, { phone: '87776666', code: wrong }, freshIp()),
        ),
      );
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 400).length, 5, statuses.join(' '));
      assert.equal(statuses.filter((s) => s === 429).length, 25);
      const [request] = await server.app.db
        .selectFrom('signup_requests')
        .select('attempts')
        .where('address', '=', '+6587776666')
        .execute();
      assert.equal(Number(request.attempts), 5);
      assert.equal((await post(SIGNUP_API.whatsappConfirm, { phone: '87776666', code }, freshIp())).status, 429);
    });

    test('WhatsApp: at most 3 codes a number a day; the 4th is 429 and sends nothing', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await post(
          SIGNUP_API.whatsapp,
          { phone: '63334444', topics: ['events'], language: 'en' },
          freshIp(),
        );
        assert.equal(res.status, 202);
      }
      const sent = whatsapp.sent.length;
      const fourth = await post(
        SIGNUP_API.whatsapp,
        { phone: '63334444', topics: ['events'], language: 'en' },
        freshIp(),
      );
      assert.equal(fourth.status, 429);
      assert.equal(whatsapp.sent.length, sent);
    });

    test('WhatsApp webhook: the verify handshake, STOP with a valid signature, and a forged one refused', async () => {
      const url = `${server.url}${SIGNUP_API.whatsappWebhook}`;
      assert.deepEqual(await whatsapp.verifyWebhook(url, WA.verifyToken, '4242'), { status: 200, text: '4242' });
      assert.equal((await whatsapp.verifyWebhook(url, 'not-the-token', '4242')).status, 403);

      const ip = freshIp();
      await post(SIGNUP_API.whatsapp, { phone: '98887777', topics: ['janaza'], language: 'en' }, ip);
      await post(SIGNUP_API.whatsappConfirm, { phone: '98887777', code: codeSentTo('6598887777').code }, ip);
      assert.equal(Number((await subscribers('whatsapp', '+6598887777'))[0].active), 1);

      const sent = whatsapp.sent.length;
      const forged = await whatsapp.postWebhook(url, whatsapp.webhookMessage('6598887777', 'STOP'), {
        signature: whatsapp.sign('{"something":"else"}'),
      });
      assert.equal(forged.status, 401);
      const unsigned = await whatsapp.postWebhook(url, whatsapp.webhookMessage('6598887777', 'STOP'), {
        signature: null,
      });
      assert.equal(unsigned.status, 401);
      assert.equal(Number((await subscribers('whatsapp', '+6598887777'))[0].active), 1, 'nothing written');
      assert.equal(whatsapp.sent.length, sent, 'nothing sent');

      const other = await whatsapp.postWebhook(url, whatsapp.webhookMessage('6598887777', 'thanks!'));
      assert.equal(other.status, 200);
      assert.equal(Number((await subscribers('whatsapp', '+6598887777'))[0].active), 1, 'other text is ignored');

      const stop = await whatsapp.postWebhook(url, whatsapp.webhookMessage('6598887777', '  unsubscribe '));
      assert.equal(stop.status, 200);
      assert.equal(Number((await subscribers('whatsapp', '+6598887777'))[0].active), 0);
      const reply = whatsapp.sent.at(-1);
      assert.equal(reply?.to.replace(/\D/g, ''), '6598887777');
      assert.equal(reply?.body, SIGNUP_OUTCOMES.whatsappStopped.en(`${server.url}/`));
    });
  });
}
