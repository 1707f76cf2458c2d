import assert from 'node:assert/strict';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { SUBSCRIBERS_API, SUMMARY_API, type SubscriberStats, type Summary } from '@ummahnotify/domain';
import { SIGNUP_REFUSALS } from '../../../../shared/domain/test/expected-texts';
import { PUSH_SERVICE_CERT, type PushService, startPushService } from '../../../test/peers/push-service';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { cheapProof, solvedProof } from '../../../test/support/proof';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { signIn } from '../../../test/support/sign-in';

/**
 * Web push sign-up proves work and is stored only once the push service accepted a first push for it
 * (docs/decisions/2026-11-28-web-push-sign-up-proven-by-a-welcome.md). A security review made 200 active
 * subscribers in 245 ms from random FCM endpoints and fresh P-256 keys: each cost a push per broadcast until FCM
 * answered 404. The push peer answers as push services do for a subscription they do not know: 404 for an unknown
 * endpoint, 410 for an expired one ("404 Not Found: the endpoint (URL) of the push subscription is invalid; 410
 * Gone: the push subscription is expired and no longer exists", https://pushpad.xyz/blog/web-push-errors-explained-with-http-status-codes/;
 * web.dev's "The Web Push Protocol", https://web.dev/articles/push-notifications-web-push-protocol: on 404 and
 * 410 "delete the PushSubscription").
 */
const HMAC_KEY = 'webpush-signup-test-altcha-key-0123456789';
/** A small cap, so that the test reaches it: new subscriptions an hour from one /48 or /24. */
const NETWORK_CAP = 4;

interface Answer {
  status: number;
  body: { key?: string; message?: string; status?: string };
}

/** Fresh keys as a browser makes them: a P-256 public key and a 16-byte secret. */
function freshKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

for (const engine of engines()) {
  describe(`web push sign-up proves work and waits for its push service (${engine})`, () => {
    let server: TestServer;
    let push: PushService;

    before(async () => {
      push = await startPushService({ tls: true });
      server = await startTestServer(
        engine,
        {
          WEBPUSH_ENDPOINT_HOSTS: new URL(push.url).host,
          SIGNUP_WEBPUSH_NETWORK_HOURLY_LIMIT: String(NETWORK_CAP),
          ALTCHA_HMAC_KEY: HMAC_KEY,
        },
        { delivery: { pushServiceCa: PUSH_SERVICE_CERT } },
      );
    });
    after(async () => {
      await server.stop();
      await push.close();
    });

    const post = async (body: object, ip: string, altcha?: unknown): Promise<Answer> => {
      const res = await fetch(`${server.url}${SIGNUP_API.webpush}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({
          topics: ['janaza', 'events'],
          language: 'en',
          ...body,
          ...(altcha === undefined ? {} : { altcha }),
        }),
      });
      return { status: res.status, body: await res.json() };
    };
    const signUp = async (subscription: object, ip: string) =>
      post({ subscription }, ip, await cheapProof(HMAC_KEY, 'webpush'));
    const stored = async () =>
      Number(
        (
          await server.app.db
            .selectFrom('subscribers')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('channel', '=', 'webpush')
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** What staff see: the summary's web push count and topics, the subscribers' statistics and list. */
    async function counted() {
      const staff = client(server.url, (await signIn(server.url, { email: 'root@example.sg' })).jar);
      const summary = await staff.get<{ data: Summary[] }>(SUMMARY_API.summary);
      const stats = await staff.get<{ data: SubscriberStats }>(SUBSCRIBERS_API.stats);
      const list = await staff.get<{ data: unknown[] }>(`${SUBSCRIBERS_API.list}?channel=webpush&limit=100`);
      assert.deepEqual([summary.status, stats.status, list.status], [200, 200, 200]);
      const { webpush } = stats.body.data.channels;
      return {
        summary: summary.body.data[0].subscribers.web,
        stats: { ...webpush },
        topics: stats.body.data.topics,
        listed: list.body.data.length,
      };
    }

    test("the review's replay: 200 scripted sign-ups with random endpoints become 0 counted subscribers", async () => {
      const requestsBefore = push.stats.requests;
      const statuses = new Map<string, number>();
      for (let i = 0; i < 200; i++) {
        // half unknown to the push service (404), half known to it but expired (410); each from a /48 of its own
        let endpoint = `${push.url}/push/${randomUUID()}`;
        if (i % 2) {
          endpoint = push.subscribe().endpoint;
          push.respondWith(endpoint, 410);
        }
        const answer = await signUp({ endpoint, keys: freshKeys() }, `2001:db8:${(0x1000 + i).toString(16)}::1`);
        const said = `${answer.status} ${answer.body.key}`;
        statuses.set(said, (statuses.get(said) ?? 0) + 1);
      }
      assert.deepEqual(Object.fromEntries(statuses), { '400 server.pushSubscriptionRefused': 200 });
      // one welcome push each, and the push service's 404 or 410 to each
      const answered = push.received.filter((r) => r.status === 404 || r.status === 410);
      assert.equal(push.stats.requests - requestsBefore, 200);
      assert.equal(answered.length, 200);
      assert.equal(await stored(), 0);
      assert.deepEqual(await counted(), {
        summary: { total: 0, janaza: 0, events: 0 },
        stats: { confirmed: 0, janaza: 0, events: 0, pending: 0, deactivated: 0 },
        topics: { janaza: 0, events: 0 },
        listed: 0,
      });
    });

    test('a subscription its push service accepts counts; the refusal reads as the page shows it', async () => {
      const refused = await signUp({ endpoint: `${push.url}/push/${randomUUID()}`, keys: freshKeys() }, '203.0.113.9');
      assert.equal(refused.body.message, SIGNUP_REFUSALS.pushSubscriptionRefused.en);
      const accepted = await signUp(push.subscribe(), '2001:db8:abcd::1');
      assert.deepEqual(accepted, { status: 201, body: { status: 'subscribed' } });
      const seen = await counted();
      assert.deepEqual(seen.summary, { total: 1, janaza: 1, events: 1 });
      assert.equal(seen.listed, 1);
    });

    test('new subscriptions from one /48 are capped per hour; the welcome push is not sent past the cap', async () => {
      const requestsBefore = push.stats.requests;
      const answers: Answer[] = [];
      // one /48, a /64 of its own each, every subscription real
      for (let i = 0; i < NETWORK_CAP + 2; i++) answers.push(await signUp(push.subscribe(), `2001:db8:4848:${i}::1`));
      assert.deepEqual(
        answers.map((a) => a.status),
        [...Array(NETWORK_CAP).fill(201), 429, 429],
      );
      assert.equal(answers[NETWORK_CAP].body.key, 'server.tooManyFromNetwork');
      assert.equal(answers[NETWORK_CAP].body.message, SIGNUP_REFUSALS.tooManyFromNetwork.en);
      assert.equal(push.stats.requests - requestsBefore, NETWORK_CAP);
      // an IPv4 /24 is one network too
      const v4: number[] = [];
      for (let i = 0; i < NETWORK_CAP + 1; i++) v4.push((await signUp(push.subscribe(), `198.51.100.${i + 1}`)).status);
      assert.deepEqual(v4, [...Array(NETWORK_CAP).fill(201), 429]);
      // another network still subscribes
      assert.equal((await signUp(push.subscribe(), '2001:db8:4849::1')).status, 201);
    });

    test('a push service that does not answer: 503, nothing stored, the visitor may try again', async () => {
      const subscription = push.subscribe();
      const before = await stored();
      push.respondWith(subscription.endpoint, 500);
      const down = await signUp(subscription, '2001:db8:5030::1');
      assert.deepEqual([down.status, down.body.key], [503, 'server.pushNotDelivered']);
      assert.equal(down.body.message, SIGNUP_REFUSALS.pushNotDelivered.en);
      assert.equal(await stored(), before);
      push.respondWith(subscription.endpoint, null);
      assert.equal((await signUp(subscription, '2001:db8:5030::1')).status, 201);
      assert.equal(await stored(), before + 1);
    });

    test('without a proof, or with a proof for another sign-up: 400, no push sent, nothing stored', async () => {
      const subscription = push.subscribe();
      const requestsBefore = push.stats.requests;
      const before = await stored();
      const missing = await post({ subscription }, '2001:db8:4000::1');
      assert.equal(missing.status, 400);
      assert.ok(JSON.stringify(missing.body).includes(SIGNUP_REFUSALS.proofMissing.en));
      const forEmail = await post({ subscription }, '2001:db8:4000::1', await cheapProof(HMAC_KEY, 'email'));
      assert.deepEqual([forEmail.status, forEmail.body.key], [400, 'server.proofRefused']);
      assert.equal(push.stats.requests, requestsBefore);
      assert.equal(await stored(), before);
      // the page's own way: a challenge asked for web push, solved by altcha-lib
      const proof = await solvedProof(server.url, '2001:db8:4000::1', 'webpush');
      assert.equal(proof.challenge.parameters.data?.channel, 'webpush');
      assert.equal((await post({ subscription }, '2001:db8:4000::1', proof)).status, 201);
    });
  });
}
