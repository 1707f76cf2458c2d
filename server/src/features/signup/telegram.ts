import { type Language, SIGNUP_API } from '@ummahnotify/core';
import { telegramSignupResponseSchema, telegramSignupSchema } from '@ummahnotify/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newToken, safeEqual, sha256 } from '../../secrets';
import { HttpError } from '../../web/errors';
import { HOUR, PUBLIC_LIMITED } from './limits';
import { choiceOf, deactivateAddress, findSubscriber, insertRequest, redeemBySecret, upsertConfirmed } from './store';
import { registerTelegramPolling } from './telegram-polling';
import { refusal, signupText, topicNames } from './texts';
import { webhookAnswerSchema } from './webhooks';

const chatId = z.union([z.number(), z.string()]).transform(String);
/** The parts of a Telegram Update we act on; anything else in it is ignored. */
const updateSchema = z.object({
  update_id: z.number(),
  message: z
    .object({
      chat: z.object({ id: chatId }),
      text: z.string().optional(),
      from: z.object({ language_code: z.string().optional() }).optional(),
    })
    .optional(),
  my_chat_member: z
    .object({ chat: z.object({ id: chatId }), new_chat_member: z.object({ status: z.string() }) })
    .optional(),
});

const START = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;
const STOP = /^\/stop(?:@\w+)?\s*$/;

/**
 * Telegram: the landing page asks for a deep link (t.me/<bot>?start=<token>); the bot's webhook (or,
 * without a public https address, its long polling) redeems the token on /start, deactivates on /stop
 * or when the bot is blocked.
 */
export function registerTelegram(app: FastifyInstance): void {
  const { db, config } = app;
  const telegram = () => app.delivery.channels.telegram;

  app.addHook('onReady', async () => {
    const channel = telegram();
    // Without a public https address Telegram cannot call us: the bot polls instead (telegram-polling.ts).
    if (!channel.state.enabled || config.telegramUpdates !== 'webhook') return;
    // Not awaited: an unreachable Telegram must not hold up or stop start-up.
    channel
      .registerWebhook(`${config.publicUrl}${SIGNUP_API.telegramWebhook}`)
      .then((outcome) => {
        if (!outcome.ok) app.log.warn({ error: outcome.error }, 'Telegram webhook not registered');
      })
      .catch((err) => app.log.warn({ err }, 'Telegram webhook not registered'));
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    SIGNUP_API.telegram,
    {
      schema: { body: telegramSignupSchema, response: { 200: telegramSignupResponseSchema } },
      config: PUBLIC_LIMITED,
    },
    async (request) => {
      const channel = telegram();
      if (!channel.state.enabled || !channel.botUsername) throw refusal(503, 'server.telegramOff');
      const { topics, language } = request.body;
      const token = newToken();
      await insertRequest(db, {
        channel: 'telegram',
        address: null,
        secretHash: sha256(token),
        topics,
        language,
        ip: request.ip,
        ttlMs: 24 * HOUR,
      });
      return { link: `https://t.me/${channel.botUsername}?start=${token}` };
    },
  );

  const signupUrl = `${config.publicUrl}/`;
  /** One update, from the webhook or from long polling: /start <token>, /stop, the bot blocked. */
  async function handleUpdate(update: z.output<typeof updateSchema>, log: FastifyBaseLogger): Promise<void> {
    const channel = telegram();
    const { message, my_chat_member: member } = update;
    const reply_ = async (chat: string, text: string) => {
      const sent = await channel.sendText(chat, text);
      if (!sent.ok) log.warn({ error: sent.error }, 'Telegram reply not sent');
    };

    if (member && member.new_chat_member.status === 'kicked') {
      await deactivateAddress(db, 'telegram', member.chat.id);
    } else if (message?.text) {
      const chat = message.chat.id;
      const text = message.text.trim();
      const start = START.exec(text);
      const fallback: Language = message.from?.language_code === 'ta' ? 'ta' : 'en';
      if (start) {
        const row = start[1] ? await redeemBySecret(db, 'telegram', sha256(start[1])) : undefined;
        if (row) {
          const choice = choiceOf(row);
          await upsertConfirmed(db, { channel: 'telegram', address: chat, ...choice });
          await reply_(
            chat,
            signupText(choice.language, 'signup.telegramWelcome', {
              topics: topicNames(choice.language, choice.topics),
            }),
          );
        } else {
          const known = await findSubscriber(db, 'telegram', chat);
          const language = known?.language === 'ta' ? 'ta' : known ? 'en' : fallback;
          await reply_(chat, signupText(language, 'signup.telegramHowTo', { url: signupUrl }));
        }
      } else if (STOP.test(text)) {
        const known = await deactivateAddress(db, 'telegram', chat);
        const language = known?.language === 'ta' ? 'ta' : known ? 'en' : fallback;
        await reply_(chat, signupText(language, 'signup.telegramStopped', { url: signupUrl }));
      }
    }
  }

  if (config.telegramUpdates === 'polling' && config.channels.TELEGRAM_BOT_TOKEN) {
    registerTelegramPolling(app, telegram, async (raw) => {
      const parsed = updateSchema.safeParse(raw);
      if (parsed.success) await handleUpdate(parsed.data, app.log);
    });
  }

  const webhookRoute = { schema: { response: { 200: webhookAnswerSchema } }, config: { access: 'public' } } as const;
  app.withTypeProvider<ZodTypeProvider>().post(SIGNUP_API.telegramWebhook, webhookRoute, async (request, reply) => {
    const channel = telegram();
    const secret = request.headers['x-telegram-bot-api-secret-token'];
    if (!channel.webhookSecret || typeof secret !== 'string' || !safeEqual(secret, channel.webhookSecret))
      throw new HttpError(401, 'The webhook secret is missing or wrong.');
    const parsed = updateSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'This is not a Telegram update.');
    await handleUpdate(parsed.data, request.log);
    return reply.status(200).send({ ok: true as const });
  });
}
