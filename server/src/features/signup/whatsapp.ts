import { randomInt, randomUUID } from 'node:crypto';
import { SIGNUP_API } from '@ummahnotify/core';
import { signupResultAnswers, whatsappConfirmSchema, whatsappSignupSchema } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEqual, sha256 } from '../../secrets';
import { HttpError } from '../../web/errors';
import { checkWhatsAppCodeLimits, MINUTE, PUBLIC_LIMITED, whatsappSignupOpen } from './limits';
import { requireProof } from './proof';
import {
  choiceOf,
  deactivateAddress,
  insertRequest,
  latestOpenRequest,
  markUsed,
  takeAttempt,
  upsertConfirmed,
} from './store';
import { refusal, signupText } from './texts';
import { webhookAnswerSchema, whatsappHandshakeQuerySchema } from './webhooks';
import { applyWhatsAppStatuses } from './whatsapp-statuses';

const MAX_CODE_ATTEMPTS = 5;
/** A 6-digit code, leading zeros kept. */
const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** The request id salts the hash: six digits alone would repeat across phones (and the hash is unique). */
const codeHash = (requestId: string, code: string) => sha256(`${requestId}:${code}`);

/**
 * The parts of a Cloud API webhook notification we act on: inbound text messages, and the statuses of the
 * messages we sent (whatsapp-statuses.ts, each read on its own).
 */
const notificationSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  messages: z
                    .array(
                      z.object({
                        from: z.string(),
                        type: z.string(),
                        text: z.object({ body: z.string() }).optional(),
                      }),
                    )
                    .optional(),
                  statuses: z.array(z.unknown()).optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE']);

/**
 * WhatsApp: a 6-digit code sent to the phone confirms the sign-up; the Cloud API webhook (signature
 * checked on the raw body) unsubscribes on STOP and records what became of the messages sent.
 */
export async function registerWhatsApp(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const whatsapp = () => app.delivery.channels.whatsapp;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    SIGNUP_API.whatsapp,
    { schema: { body: whatsappSignupSchema, response: signupResultAnswers }, config: PUBLIC_LIMITED },
    async (request, reply) => {
      const channel = whatsapp();
      if (!whatsappSignupOpen(app)) throw refusal(503, 'server.whatsappOff');
      await requireProof(app, request.body.altcha, 'whatsapp');
      const { phone, topics, language } = request.body;
      await checkWhatsAppCodeLimits(db, config.signupLimits, phone, request.ip, request.log);
      const id = randomUUID();
      const code = newCode();
      await insertRequest(db, {
        id,
        channel: 'whatsapp',
        address: phone,
        secretHash: codeHash(id, code),
        topics,
        language,
        ip: request.ip,
        ttlMs: 10 * MINUTE,
      });
      const sent = await channel.sendCode(phone, code, language);
      if (!sent.ok) {
        request.log.warn({ error: sent.error }, 'WhatsApp code not sent');
        throw refusal(503, 'server.whatsappNotSent');
      }
      return reply.status(202).send({ status: 'confirmation-sent' as const });
    },
  );

  r.post(
    SIGNUP_API.whatsappConfirm,
    { schema: { body: whatsappConfirmSchema, response: signupResultAnswers }, config: PUBLIC_LIMITED },
    async (request) => {
      const { phone, code } = request.body;
      const row = await latestOpenRequest(db, 'whatsapp', phone);
      if (!row) throw refusal(400, 'server.codeExpired');
      if (!(await takeAttempt(db, row.id, MAX_CODE_ATTEMPTS))) throw refusal(429, 'server.codeTooManyTries');
      if (!safeEqual(codeHash(row.id, code), row.secret_hash)) throw refusal(400, 'server.codeWrong');
      if (!(await markUsed(db, row.id))) throw refusal(400, 'server.codeExpired');
      await upsertConfirmed(db, { channel: 'whatsapp', address: phone, ...choiceOf(row) });
      return { status: 'confirmed' as const };
    },
  );

  // Meta's verification handshake when the webhook is set up.
  r.get(
    SIGNUP_API.whatsappWebhook,
    { exposeHeadRoute: false, schema: { querystring: whatsappHandshakeQuerySchema }, config: { access: 'public' } },
    async (request, reply) => {
      const { query } = request;
      const expected = whatsapp().verifyToken;
      const token = query['hub.verify_token'];
      if (query['hub.mode'] === 'subscribe' && expected && token && safeEqual(token, expected))
        return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
      throw new HttpError(403, 'The verify token is missing or wrong.');
    },
  );

  // The signature covers the exact bytes, so this route alone reads JSON as a Buffer.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const route = { schema: { response: { 200: webhookAnswerSchema } }, config: { access: 'public' } } as const;
    raw.withTypeProvider<ZodTypeProvider>().post(SIGNUP_API.whatsappWebhook, route, async (request) => {
      const channel = whatsapp();
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (!channel.verifySignature(body, typeof signature === 'string' ? signature : undefined))
        throw new HttpError(401, 'The webhook signature is missing or wrong.');
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw new HttpError(400, 'The body is not JSON.');
      }
      const parsed = notificationSchema.safeParse(json);
      if (!parsed.success) throw new HttpError(400, 'This is not a WhatsApp notification.');
      const values = parsed.data.entry.flatMap((e) => e.changes.map((c) => c.value));
      await applyWhatsAppStatuses(
        db,
        values.flatMap((v) => v?.statuses ?? []),
        request.log,
      );
      const messages = values.flatMap((v) => v?.messages ?? []);
      for (const message of messages) {
        const text = message.text?.body.trim().toUpperCase();
        if (message.type !== 'text' || !text || !STOP_WORDS.has(text) || !/^\d{8,15}$/.test(message.from)) continue;
        const phone = `+${message.from}`;
        const known = await deactivateAddress(db, 'whatsapp', phone);
        const language = known?.language === 'ta' ? 'ta' : 'en';
        const sent = await channel.sendText(
          phone,
          signupText(language, 'signup.whatsappStopped', { url: `${config.publicUrl}/` }),
        );
        if (!sent.ok) request.log.warn({ error: sent.error }, 'WhatsApp STOP reply not sent');
      }
      return { ok: true as const };
    });
  });
}
