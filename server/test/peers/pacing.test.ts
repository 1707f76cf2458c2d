import assert from 'node:assert/strict';
import { Agent } from 'node:https';
import { after, describe, test } from 'node:test';
import nodemailer from 'nodemailer';
import webpush from 'web-push';
import { PUSH_SERVICE_CERT, startPushService } from './push-service';
import { startSmtpPeer } from './smtp';
import { startTelegramApi } from './telegram-api';
import { readmeTemplates, startWhatsAppApi } from './whatsapp-api';

/** A clock the test holds still and moves by hand, so each window is exact whatever the machine's load. */
function manualClock(start = 1_800_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('pacing peers (opt-in)', () => {
  describe('Telegram Bot API', () => {
    const token = '77:pace';
    const send = (url: string, body: Record<string, unknown>, method = 'sendMessage') =>
      fetch(`${url}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));

    test('40 sends at once to 40 chats: 30 accepted, 10 refused with 429 and retry_after >= 1', async () => {
      const clock = manualClock();
      const api = await startTelegramApi({ token, pace: { clock: clock.now } });
      after(() => api.close());
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => send(api.url, { chat_id: 1000 + i, text: `Janaza ${i}` })),
      );
      assert.ok(performance.now() - started >= 55, 'answered after the ~60 ms latency');
      const refused = answers.filter((a) => a.status === 429);
      assert.equal(answers.filter((a) => a.status === 200).length, 30);
      assert.equal(refused.length, 10);
      for (const { body } of refused) {
        assert.equal(body.ok, false);
        assert.equal(body.error_code, 429);
        assert.ok(body.parameters.retry_after >= 1);
        assert.equal(body.description, `Too Many Requests: retry after ${body.parameters.retry_after}`);
      }
      assert.equal(api.pace.accepted, 30);
      assert.equal(api.pace.refusedForPace, 10);
      assert.equal(api.pace.refusedPerBot, 10);
      assert.equal(api.pace.sends.length, 30);
      assert.equal(api.sent.length, 30);
      assert.deepEqual(api.pace.sends[0], {
        at: clock.now(),
        to: api.pace.sends[0]?.to,
        what: api.pace.sends[0]?.what,
      });
      // A second later the window has room again.
      clock.advance(1000);
      assert.equal((await send(api.url, { chat_id: 2000, text: 'later' })).status, 200);
    });

    test('one chat: a second message within 1 s is refused, after 1 s it goes', async () => {
      const clock = manualClock();
      const api = await startTelegramApi({ token, pace: { clock: clock.now, latencyMs: 0 } });
      after(() => api.close());
      assert.equal((await send(api.url, { chat_id: 5, text: 'first' })).status, 200);
      clock.advance(400);
      const again = await send(api.url, { chat_id: 5, photo: 'https://x.example/p.jpg' }, 'sendPhoto');
      assert.equal(again.status, 429);
      assert.equal(again.body.parameters.retry_after, 1);
      assert.equal(api.pace.refusedPerChat, 1);
      // another chat is not held back by this one
      assert.equal((await send(api.url, { chat_id: 6, text: 'other' })).status, 200);
      clock.advance(600);
      assert.equal((await send(api.url, { chat_id: 5, text: 'second' })).status, 200);
      assert.deepEqual(
        api.pace.sends.map((s) => s.to),
        ['5', '6', '5'],
      );
    });

    test('allow_paid_broadcast: 1000 in a second accepted, the ones beyond 30 billed at 0.1 Star', async () => {
      const clock = manualClock();
      const api = await startTelegramApi({ token, pace: { clock: clock.now, latencyMs: 0 }, record: false });
      after(() => api.close());
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            send(api.url, { chat_id: 10_000 + batch * 100 + i, text: 'Janaza', allow_paid_broadcast: true }),
          ),
        );
        assert.ok(answers.every((a) => a.status === 200));
      }
      assert.equal(api.pace.accepted, 1000);
      assert.equal(api.pace.paidBroadcasts, 1000);
      assert.equal(api.pace.billedBroadcasts, 970);
      assert.equal(api.pace.starsSpent, 97);
      assert.equal(api.calls.length, 0, 'record: false keeps no calls');
      // the 1001st in that second is refused, paid or not
      assert.equal((await send(api.url, { chat_id: 1, text: 'x', allow_paid_broadcast: true })).status, 429);
      assert.equal((await send(api.url, { chat_id: 2, text: 'x' })).status, 429);
      clock.advance(1000);
      assert.equal((await send(api.url, { chat_id: 3, text: 'x' })).status, 200);
    });

    test('without pace every send is taken at once', async () => {
      const api = await startTelegramApi({ token });
      after(() => api.close());
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => send(api.url, { chat_id: 9, text: 'same chat, 40 times' })),
      );
      assert.ok(answers.every((a) => a.status === 200));
      assert.equal(api.pace.accepted, 40);
      assert.equal(api.pace.refusedForPace, 0);
    });
  });

  describe('WhatsApp Cloud API', () => {
    const [token, phoneId] = ['wa-token', '100000000000001'];
    const template = (to: string) => ({
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: {
        name: 'ummahnotify_event',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: ['Talk', 'Friday 8 pm', 'Masjid Sultan', 'https://x.example/e'].map((text) => ({
              type: 'text',
              text,
            })),
          },
        ],
      },
    });
    const post = (url: string, body: unknown) =>
      fetch(`${url}/${phoneId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const phone = (i: number) => String(6580000000 + i);

    test('80 a second per number, then 130429 (HTTP 400)', async () => {
      const clock = manualClock();
      const api = await startWhatsAppApi({ token, phoneId, templates: readmeTemplates(), pace: { clock: clock.now } });
      after(() => api.close());
      const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => post(api.url, template(phone(i)))));
      assert.equal(answers.filter((a) => a.status === 200).length, 80);
      const refused = answers.filter((a) => a.status !== 200);
      assert.equal(refused.length, 10);
      for (const { status, body } of refused) {
        assert.equal(status, 400);
        assert.equal(body.error.code, 130429);
        assert.equal(body.error.error_data.details, 'Cloud API message throughput has been reached.');
      }
      assert.equal(api.pace.refusedThroughput, 10);
      clock.advance(1000);
      assert.equal((await post(api.url, template(phone(200)))).status, 200);
    });

    test('the pair rate: a second message to one number within pairSeconds is 131056', async () => {
      const clock = manualClock();
      const api = await startWhatsAppApi({
        token,
        phoneId,
        templates: readmeTemplates(),
        pace: { clock: clock.now, pairSeconds: 6 },
      });
      after(() => api.close());
      assert.equal((await post(api.url, template(phone(1)))).status, 200);
      clock.advance(5000);
      const again = await post(api.url, template(phone(1)));
      assert.equal(again.status, 400);
      assert.equal(again.body.error.code, 131056);
      assert.equal((await post(api.url, template(phone(2)))).status, 200, 'another number goes');
      clock.advance(1000);
      assert.equal((await post(api.url, template(phone(1)))).status, 200);
      assert.equal(api.pace.refusedPair, 1);
    });

    test('the daily messaging limit: the (limit+1)-th new recipient is refused, a repeat is not', async () => {
      const clock = manualClock();
      const api = await startWhatsAppApi({
        token,
        phoneId,
        templates: readmeTemplates(),
        pace: { clock: clock.now, dailyLimit: 3, pairSeconds: 1 },
      });
      after(() => api.close());
      for (let i = 0; i < 3; i++) assert.equal((await post(api.url, template(phone(i)))).status, 200);
      const fourth = await post(api.url, template(phone(3)));
      assert.equal(fourth.status, 400);
      assert.equal(fourth.body.error.code, 131048);
      assert.match(fourth.body.error.error_data.details, /messaging limit/);
      clock.advance(2000);
      assert.equal((await post(api.url, template(phone(0)))).status, 200, 'someone already reached today');
      // someone who wrote in the last 24 hours is inside a service window: not counted
      api.wroteIn(phone(4));
      assert.equal((await post(api.url, template(phone(4)))).status, 200);
      assert.equal(api.pace.reachedToday, 3);
      assert.equal(api.pace.refusedDailyLimit, 1);
      // a moving 24 hours: a day later the first ones have left it
      clock.advance(24 * 3600_000);
      assert.equal((await post(api.url, template(phone(3)))).status, 200);
      assert.equal(api.pace.reachedToday, 1);
    });

    test('GET /<phoneId>?fields=whatsapp_business_manager_messaging_limit answers the tier of dailyLimit', async () => {
      const tier = async (dailyLimit: number | null) => {
        const api = await startWhatsAppApi({ token, phoneId, pace: { dailyLimit } });
        try {
          const res = await fetch(`${api.url}/${phoneId}?fields=whatsapp_business_manager_messaging_limit`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return { status: res.status, body: await res.json() };
        } finally {
          await api.close();
        }
      };
      assert.deepEqual(await tier(250), {
        status: 200,
        body: { whatsapp_business_manager_messaging_limit: 'TIER_250', id: phoneId },
      });
      assert.equal((await tier(2000)).body.whatsapp_business_manager_messaging_limit, 'TIER_2K');
      assert.equal((await tier(10_000)).body.whatsapp_business_manager_messaging_limit, 'TIER_10K');
      assert.equal((await tier(30_000)).body.whatsapp_business_manager_messaging_limit, 'TIER_10K');
      assert.equal((await tier(100_000)).body.whatsapp_business_manager_messaging_limit, 'TIER_100K');
      assert.equal((await tier(null)).body.whatsapp_business_manager_messaging_limit, 'TIER_UNLIMITED');
    });
  });

  test('SMTP: over the rate the MAIL FROM is answered 421 4.7.0 (or 451 4.7.1)', async () => {
    for (const code of [421, 451] as const) {
      const clock = manualClock();
      const smtp = await startSmtpPeer({ pace: { perSecond: 2, code, clock: clock.now } });
      const transport = nodemailer.createTransport(smtp.url);
      try {
        const mail = (to: string) =>
          transport.sendMail({ from: 'notices@example.sg', to, subject: 'Janaza', text: 'x' }).then(
            () => 250,
            (e: { responseCode?: number; response?: string }) => {
              assert.match(
                e.response ?? '',
                code === 421 ? /^421 4\.7\.0 Try again later/ : /^451 4\.7\.1 rate limited/,
              );
              return e.responseCode;
            },
          );
        assert.deepEqual(
          [await mail('a@example.sg'), await mail('b@example.sg'), await mail('c@example.sg')],
          [250, 250, code],
        );
        assert.equal(smtp.pace.accepted, 2);
        assert.equal(smtp.pace.refusedForPace, 1);
        assert.deepEqual(
          smtp.pace.sends.map((s) => s.to),
          ['a@example.sg', 'b@example.sg'],
        );
        clock.advance(1000);
        assert.equal(await mail('c@example.sg'), 250);
      } finally {
        transport.close();
        await smtp.close();
      }
    }
  });

  test('push service: over the rate 429 with Retry-After', async () => {
    const clock = manualClock();
    const push = await startPushService({ tls: true, pace: { perSecond: 3, retryAfterSeconds: 7, clock: clock.now } });
    after(() => push.close());
    const options = {
      vapidDetails: { subject: 'mailto:ops@example.sg', ...webpush.generateVAPIDKeys() },
      agent: new Agent({ ca: PUSH_SERVICE_CERT }),
    };
    const sub = push.subscribe();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        webpush.sendNotification(sub, JSON.stringify({ title: `n${n}` }), options).then(
          (r) => ({ status: r.statusCode, retryAfter: undefined as string | undefined }),
          (e: { statusCode: number; headers: Record<string, string> }) => ({
            status: e.statusCode,
            retryAfter: e.headers['retry-after'],
          }),
        ),
      ),
    );
    assert.equal(answers.filter((a) => a.status === 201).length, 3);
    assert.deepEqual(
      answers.filter((a) => a.status !== 201),
      [
        { status: 429, retryAfter: '7' },
        { status: 429, retryAfter: '7' },
      ],
    );
    assert.equal(push.pace.accepted, 3);
    assert.equal(push.pace.refusedForPace, 2);
    assert.ok(push.pace.sends.every((s) => s.to === sub.endpoint.split('/').pop() && /^n\d$/.test(s.what ?? '')));
    clock.advance(1000);
    assert.equal((await webpush.sendNotification(sub, '{"title":"later"}', options)).statusCode, 201);
  });
});
