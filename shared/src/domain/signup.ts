import { z } from 'zod';
import { TOPICS } from './enums';
import { signup as text } from './i18n/signup';
import { LANGUAGES } from './languages';

/** Refusals are the English side of the sign-up catalogue, so the page shows their Tamil twin. */
const m = text.en;

/**
 * Public sign-up (no sign-in): the landing page subscribes a visitor on one channel with chosen
 * topics and language. Links in messages come back to the shell's /subscribe/confirm and
 * /unsubscribe pages, which call these endpoints.
 */
export const SIGNUP_API = {
  /** GET: which channels can be chosen, the VAPID public key, the Telegram bot's name. */
  options: '/api/public/signup/options',
  /** POST {subscription, topics, language} -> 201; the browser is subscribed at once. */
  webpush: '/api/public/signup/webpush',
  /** POST {endpoint}: the browser stops receiving pushes. */
  webpushRemove: '/api/public/signup/webpush/remove',
  /** POST {email, topics, language} -> 202; a confirmation link is mailed, nothing else is sent before it is clicked. */
  email: '/api/public/signup/email',
  /** POST {token}: the confirmation link's token. */
  emailConfirm: '/api/public/signup/email/confirm',
  /** POST {topics, language} -> {link}: a t.me deep link whose /start token registers the chat. */
  telegram: '/api/public/signup/telegram',
  /** POST: Telegram's webhook (X-Telegram-Bot-Api-Secret-Token checked). */
  telegramWebhook: '/api/public/telegram/webhook',
  /** POST {phone, topics, language} -> 202; a code is sent over WhatsApp. */
  whatsapp: '/api/public/signup/whatsapp',
  /** POST {phone, code}. */
  whatsappConfirm: '/api/public/signup/whatsapp/confirm',
  /** GET (verification handshake) and POST (messages; X-Hub-Signature-256 checked): WhatsApp Cloud API webhook. */
  whatsappWebhook: '/api/public/whatsapp/webhook',
  /** POST {token}: the unsubscribe link of every email (and the page /unsubscribe). */
  unsubscribe: '/api/public/unsubscribe',
  /** POST List-Unsubscribe=One-Click (RFC 8058), the List-Unsubscribe header's URL. */
  oneClickUnsubscribe: (token: string) => `/api/public/unsubscribe/${token}`,
} as const;

/** Shell pages that links in messages open. */
export const SIGNUP_PAGES = {
  confirmEmail: '/subscribe/confirm',
  unsubscribe: '/unsubscribe',
} as const;

const topicsSchema = z
  .array(z.enum(TOPICS, { error: `Topic must be one of ${TOPICS.join(', ')}` }), { error: 'Choose the topics' })
  .min(1, m['error.topicsRequired'])
  .transform((t) => TOPICS.filter((x) => t.includes(x)));
const languageSchema = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });
const choice = { topics: topicsSchema, language: languageSchema };

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url text');
export const webpushSignupSchema = z.object({
  subscription: z.object({
    endpoint: z.url({ protocol: /^https?$/, error: 'The push endpoint must be an https URL' }).max(2000),
    keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
  }),
  ...choice,
});

export const webpushRemoveSchema = z.object({ endpoint: z.string().max(2000) });

export const emailSignupSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(m['error.emailInvalid']).max(254, m['error.emailInvalid'])),
  ...choice,
});

const token = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, m['error.linkInvalid']);
export const tokenSchema = z.object({ token });

export const telegramSignupSchema = z.object(choice);
export const telegramSignupResponseSchema = z.object({ link: z.string() });

/** Singapore numbers: 8 digits starting 3, 6, 8 or 9; +65 is assumed and stored as +65XXXXXXXX. */
export const sgPhoneSchema = z
  .string()
  .transform((v) => v.replace(/[\s()-]/g, '').replace(/^(\+?65)(?=\d{8}$)/, ''))
  .pipe(z.string().regex(/^[3689]\d{7}$/, m['error.phoneInvalid']))
  .transform((v) => `+65${v}`);
export const whatsappSignupSchema = z.object({ phone: sgPhoneSchema, ...choice });
export const whatsappConfirmSchema = z.object({
  phone: sgPhoneSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, m['error.codeInvalid']),
});

export const signupOptionsSchema = z.object({
  webpush: z.object({ enabled: z.boolean(), publicKey: z.string().nullable() }),
  email: z.object({ enabled: z.boolean() }),
  telegram: z.object({ enabled: z.boolean(), bot: z.string().nullable() }),
  whatsapp: z.object({ enabled: z.boolean() }),
});
export type SignupOptions = z.infer<typeof signupOptionsSchema>;

/** Every sign-up answer: what happened, in words the page can show. */
export const signupResultSchema = z.object({
  status: z.enum(['subscribed', 'confirmation-sent', 'confirmed', 'unsubscribed']),
});
/** The answers a sign-up route may give, by status. */
export const signupResultAnswers = { 200: signupResultSchema, 201: signupResultSchema, 202: signupResultSchema };
