import { z } from 'zod';
import { roleAnswerSchema } from './rights';

/** What GET /api/protected answers for the signed-in account (docs/product/data.md#user). */
export const protectedUserSchema = z.object({
  _id: z.string(),
  fName: z.string(),
  lName: z.string().optional(),
  email: z.string(),
  rights: roleAnswerSchema,
  activated: z.boolean(),
});
export type ProtectedUser = z.infer<typeof protectedUserSchema>;
/** What GET /api/auth/session answers: the signed-in account as /api/protected gives it, or null without a session. */
export const sessionAnswerSchema = z.object({ user: protectedUserSchema.nullable() });

/**
 * Demo accounts live on a reserved domain (RFC 2606 `.invalid`): no identity provider can vouch for
 * such an address, so a demo-seeded database switched to Google gives these rows to nobody.
 */
export const DEMO_EMAIL_DOMAIN = 'demo.ummahnotify.invalid';
/** The domain demo accounts used before they moved to `.invalid`; databases seeded then still hold it. */
export const LEGACY_DEMO_EMAIL_DOMAIN = 'demo.ummahnotify.sg';

export function isDemoEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domain === DEMO_EMAIL_DOMAIN || domain === LEGACY_DEMO_EMAIL_DOMAIN;
}

/** Demo accounts offered by the in-process issuer when no Google client is configured. */
export const DEMO_ACCOUNTS = [
  { email: `superadmin@${DEMO_EMAIL_DOMAIN}`, givenName: 'Aisha', familyName: 'Rahman', rights: 'superadmin' },
  { email: `admin@${DEMO_EMAIL_DOMAIN}`, givenName: 'Farid', familyName: 'Ismail', rights: 'admin' },
  { email: `editor@${DEMO_EMAIL_DOMAIN}`, givenName: 'Kavitha', familyName: 'Mohamed', rights: 'editor' },
  { email: `member@${DEMO_EMAIL_DOMAIN}`, givenName: 'Yusuf', familyName: 'Hassan', rights: 'none' },
] as const;

/** An account a sign-in from another Google account was refused for (GET API_PATHS.refusedSignIns). */
export const refusedSignInSchema = z.object({
  _id: z.string(),
  email: z.string(),
  fName: z.string(),
  lName: z.string(),
  refusedAt: z.string(),
});
export type RefusedSignIn = z.infer<typeof refusedSignInSchema>;
export const refusedSignInsAnswerSchema = z.object({ code: z.literal(200), data: z.array(refusedSignInSchema) });
/** POST API_PATHS.linkSignIn: the account, now bound to the Google account that was refused. */
export const linkedSignInAnswerSchema = z.object({ code: z.literal(200), data: protectedUserSchema });
