import { z } from 'zod';
import { roleSchema } from './rights';

/** What GET /api/protected answers for the signed-in account (SPEC §3 User). */
export const protectedUserSchema = z.object({
  _id: z.string(),
  fName: z.string(),
  lName: z.string().optional(),
  email: z.string(),
  rights: roleSchema,
  activated: z.boolean(),
});
export type ProtectedUser = z.infer<typeof protectedUserSchema>;

/** Demo accounts offered by the in-process issuer when no Google client is configured. */
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.ummahnotify.sg', givenName: 'Aisha', familyName: 'Rahman', rights: 'superadmin' },
  { email: 'admin@demo.ummahnotify.sg', givenName: 'Farid', familyName: 'Ismail', rights: 'admin' },
  { email: 'editor@demo.ummahnotify.sg', givenName: 'Kavitha', familyName: 'Mohamed', rights: 'editor' },
  { email: 'member@demo.ummahnotify.sg', givenName: 'Yusuf', familyName: 'Hassan', rights: 'none' },
] as const;
