import { LANGUAGES, LINK_TOKEN_PATTERN, TOPICS } from '@ummahnotify/core';
import { z } from 'zod';
import { signup as text } from './i18n/signup';

/** Refusals are the English side of the sign-up catalogue, so the page shows their Tamil twin. */
const m = text.en;

const topicsSchema = z
  .array(z.enum(TOPICS, { error: `Topic must be one of ${TOPICS.join(', ')}` }), { error: 'Choose the topics' })
  .min(1, m['error.topicsRequired'])
  .transform((t) => TOPICS.filter((x) => t.includes(x)));
const languageSchema = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });
const choice = { topics: topicsSchema, language: languageSchema };

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url text');

export const webpushRemoveSchema = z.object({ endpoint: z.string().max(2000) });

const hex = (max: number) =>
  z
    .string()
    .regex(/^[0-9a-f]+$/, 'Must be lower-case hex')
    .max(max);
/** The sign-ups that prove work first, each asking its own challenge (GET SIGNUP_API.challenge?channel=). */
export const PROVED_CHANNELS = ['email', 'whatsapp', 'webpush'] as const;
export type ProvedChannel = (typeof PROVED_CHANNELS)[number];
export const proofChallengeQuerySchema = z.object({
  channel: z.enum(PROVED_CHANNELS, { error: `Channel must be one of ${PROVED_CHANNELS.join(', ')}` }).optional(),
});

/**
 * An ALTCHA (v2) proof-of-work challenge as the server signs it (GET SIGNUP_API.challenge): PBKDF2 parameters,
 * an expiry in seconds since 1970, the sign-up it is for (`data.channel`; none: any, at the highest cost), and the
 * HMAC signature over them.
 */
export const proofChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string().max(20),
    nonce: hex(64),
    salt: hex(64),
    cost: z.number().int().positive().max(1_000_000),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: hex(128),
    expiresAt: z.number().int().positive(),
    data: z.object({ channel: z.enum(PROVED_CHANNELS) }).optional(),
  }),
  signature: hex(128),
});
export type ProofChallenge = z.infer<typeof proofChallengeSchema>;
/** What an email, WhatsApp or web push sign-up carries: the challenge and the counter the page found for it. */
export const proofSchema = z.object(
  {
    challenge: proofChallengeSchema,
    solution: z.object({ counter: z.number().int().min(0).max(0xffffffff), derivedKey: hex(128) }),
  },
  { error: m['error.proofMissing'] },
);
export type Proof = z.infer<typeof proofSchema>;

export const webpushSignupSchema = z.object({
  subscription: z.object({
    endpoint: z.url({ protocol: /^https?$/, error: 'The push endpoint must be an https URL' }).max(2000),
    keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
  }),
  ...choice,
  altcha: proofSchema,
});

export const emailSignupSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(m['error.emailInvalid']).max(254, m['error.emailInvalid'])),
  ...choice,
  altcha: proofSchema,
});

const token = z.string().regex(LINK_TOKEN_PATTERN, m['error.linkInvalid']);
export const tokenSchema = z.object({ token });

export const telegramSignupSchema = z.object(choice);
export const telegramSignupResponseSchema = z.object({ link: z.string() });

/** Singapore numbers: 8 digits starting 3, 6, 8 or 9; +65 is assumed and stored as +65XXXXXXXX. */
export const sgPhoneSchema = z
  .string()
  .transform((v) => v.replace(/[\s()-]/g, '').replace(/^(\+?65)(?=\d{8}$)/, ''))
  .pipe(z.string().regex(/^[3689]\d{7}$/, m['error.phoneInvalid']))
  .transform((v) => `+65${v}`);
export const whatsappSignupSchema = z.object({ phone: sgPhoneSchema, ...choice, altcha: proofSchema });
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
