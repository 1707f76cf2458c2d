import rateLimit from '@fastify/rate-limit';
import { SIGNUP_API, SIGNUP_PAGES } from '@ummahnotify/core';
import {
  emailSignupSchema,
  signupOptionsSchema,
  signupResultAnswers,
  tokenSchema,
  webpushRemoveSchema,
  webpushSignupSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ipKey } from '../../rate-limit/ip-key';
import { newToken, sha256 } from '../../secrets';
import {
  checkEmailLimits,
  checkWebpushLimits,
  DAY,
  HOUR,
  MINUTE,
  ONE_CLICK_LIMITED,
  PUBLIC_LIMITED,
  whatsappSignupOpen,
} from './limits';
import { registerProof, requireProof } from './proof';
import { isAllowedPushEndpoint, keysProblemPath, pushKeysProblem } from './push-endpoints';
import { sendWelcomePush } from './push-welcome';
import {
  choiceOf,
  deactivateAddress,
  deactivateByToken,
  findSubscriber,
  insertPendingIfNew,
  insertRequest,
  purgeRequests,
  redeemBySecret,
  removeExpiredPending,
  upsertConfirmed,
} from './store';
import { registerTelegram } from './telegram';
import { refusal, refusalText } from './texts';
import { registerWhatsApp } from './whatsapp';

/**
 * Public sign-up (no session): options, web push, email double opt-in, unsubscribe, and the Telegram
 * and WhatsApp flows with their webhooks. Sign-up and confirm routes are rate limited per IP; messages
 * to one address are limited per hour.
 */
export async function registerSignup(app: FastifyInstance): Promise<void> {
  await app.register(async (plugin) => {
    await plugin.register(rateLimit, {
      ...app.rateLimits.store,
      global: false,
      keyGenerator: (request) => ipKey(request.ip),
      errorResponseBuilder: () => refusal(429, 'server.tooManyRequests'),
    });
    // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form.
    plugin.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(text)))),
    );
    registerProof(plugin);
    registerCore(plugin);
    registerTelegram(plugin);
    await registerWhatsApp(plugin);
  });
  // Used and expired requests, and the IP addresses they came from, go an hour after they were made
  // (the limits count in rate_limits, not here); a sign-up never confirmed goes when its link expires.
  app.jobs.register({
    name: 'signup-purge-requests',
    everyMs: 10 * MINUTE,
    run: async () => {
      await purgeRequests(app.db, new Date(Date.now() - HOUR));
      await removeExpiredPending(app.db, EMAIL_LINK_LIFETIME);
    },
  });
}

/** How long an email confirmation link works; a sign-up not confirmed by then is removed. */
const EMAIL_LINK_LIFETIME = 2 * DAY;

function registerCore(app: FastifyInstance): void {
  const { db, config } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const channels = () => app.delivery.channels;

  r.get(
    SIGNUP_API.options,
    { schema: { response: { 200: signupOptionsSchema } }, config: { access: 'public' } },
    async () => {
      const { webpush, email, telegram } = channels();
      return {
        webpush: { enabled: webpush.state.enabled, publicKey: webpush.state.enabled ? webpush.publicKey : null },
        email: { enabled: email.state.enabled },
        telegram: { enabled: telegram.state.enabled && !!telegram.botUsername, bot: telegram.botUsername },
        whatsapp: { enabled: whatsappSignupOpen(app) },
      };
    },
  );

  r.post(
    SIGNUP_API.webpush,
    { schema: { body: webpushSignupSchema, response: signupResultAnswers }, config: PUBLIC_LIMITED },
    async (request, reply) => {
      if (!channels().webpush.state.enabled) throw refusal(503, 'server.webpushOff');
      const { subscription, topics, language } = request.body;
      if (!isAllowedPushEndpoint(subscription.endpoint, config.webpushEndpointHosts))
        throw refusal(400, 'server.unknownPushService', {}, [
          { path: 'subscription.endpoint', message: refusalText('server.unknownPushService') },
        ]);
      const keysProblem = pushKeysProblem(subscription.keys);
      if (keysProblem)
        throw refusal(400, keysProblem, {}, [
          { path: keysProblemPath[keysProblem], message: refusalText(keysProblem) },
        ]);
      await requireProof(app, request.body.altcha, 'webpush');
      const pushKeys = JSON.stringify({ p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
      // A subscription its push service has already delivered to (the same endpoint and keys, receiving) only
      // changes its choices. Any other is new: it counts against its network's hourly cap, then is stored only
      // once its push service accepted a first push for it; a refused one is stored nowhere and counts nowhere.
      const known = await findSubscriber(db, 'webpush', subscription.endpoint);
      const proven = Number(known?.confirmed) === 1 && Number(known?.active) === 1 && known?.push_keys === pushKeys;
      if (!proven) {
        await checkWebpushLimits(db, config.signupLimits, request.ip);
        const welcome = await sendWelcomePush(app, subscription, { topics, language });
        if (!welcome.ok && (welcome.kind === 'gone' || welcome.kind === 'permanent'))
          throw refusal(400, 'server.pushSubscriptionRefused');
        if (!welcome.ok) {
          request.log.warn({ error: welcome.error }, 'web push welcome not delivered');
          throw refusal(503, 'server.pushNotDelivered');
        }
      }
      await upsertConfirmed(db, {
        channel: 'webpush',
        address: subscription.endpoint,
        pushKeys,
        topics,
        language,
      });
      return reply.status(201).send({ status: 'subscribed' as const });
    },
  );

  r.post(
    SIGNUP_API.webpushRemove,
    { schema: { body: webpushRemoveSchema, response: signupResultAnswers }, config: PUBLIC_LIMITED },
    async (request) => {
      const { endpoint } = request.body;
      await deactivateAddress(db, 'webpush', endpoint);
      return { status: 'unsubscribed' as const };
    },
  );

  r.post(
    SIGNUP_API.email,
    { schema: { body: emailSignupSchema, response: signupResultAnswers }, config: PUBLIC_LIMITED },
    async (request, reply) => {
      const email = channels().email;
      if (!email.state.enabled) throw refusal(503, 'server.emailOff');
      await requireProof(app, request.body.altcha, 'email');
      const { email: address, topics, language } = request.body;
      await checkEmailLimits(db, config.signupLimits, address, request.ip, request.log);
      const token = newToken();
      await insertRequest(db, {
        channel: 'email',
        address,
        secretHash: sha256(token),
        topics,
        language,
        ip: request.ip,
        ttlMs: EMAIL_LINK_LIFETIME,
      });
      await insertPendingIfNew(db, 'email', address, { topics, language });
      const link = `${config.publicUrl}${SIGNUP_PAGES.confirmEmail}?token=${token}`;
      const sent = await email.sendConfirmation(address, link, language);
      if (!sent.ok) {
        request.log.warn({ error: sent.error }, 'email confirmation not sent');
        throw refusal(503, 'server.emailNotSent');
      }
      return reply.status(202).send({ status: 'confirmation-sent' as const });
    },
  );

  r.post(
    SIGNUP_API.emailConfirm,
    { schema: { body: tokenSchema, response: signupResultAnswers }, config: PUBLIC_LIMITED },
    async (request) => {
      const { token } = request.body;
      const row = await redeemBySecret(db, 'email', sha256(token));
      if (!row?.address) throw refusal(400, 'server.linkUsed');
      await upsertConfirmed(db, { channel: 'email', address: row.address, ...choiceOf(row) });
      return { status: 'confirmed' as const };
    },
  );

  const unsubscribe = async (token: string) => {
    if (!(await deactivateByToken(db, token))) throw refusal(404, 'server.unknownLink');
    return { status: 'unsubscribed' as const };
  };
  r.post(
    SIGNUP_API.unsubscribe,
    { schema: { body: tokenSchema, response: signupResultAnswers }, config: PUBLIC_LIMITED },
    async (request) => unsubscribe(request.body.token),
  );
  // The mail client posts here (List-Unsubscribe-Post); the body, if any, is `List-Unsubscribe=One-Click`.
  // Limited per link, not per address: the providers post it from their own servers (ONE_CLICK_LIMITED).
  r.post(
    SIGNUP_API.oneClickUnsubscribe(':token'),
    {
      schema: { params: tokenSchema, body: z.unknown().optional(), response: signupResultAnswers },
      config: ONE_CLICK_LIMITED,
    },
    async (request) => unsubscribe(request.params.token),
  );
}
