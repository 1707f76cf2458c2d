import { z } from 'zod';

/** Rights a staff account can hold. The legacy spelling 'non' is read as 'none'. */
export const RIGHTS = ['superadmin', 'admin', 'editor', 'none'] as const;
export type Rights = (typeof RIGHTS)[number];

/** Community roles that can also reach the guard (subscribers of the public app); never staff. */
export const COMMUNITY_ROLES = ['user', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

/** Everything a signed-in account's `rights` field can hold. */
export const ROLES = [...RIGHTS, ...COMMUNITY_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** Roles a superadmin may assign to a committee member (docs/product/rules.md, rules.md#constants-and-timings). */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'superadmin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Staff who may use the dashboard at all. */
export const STAFF_RIGHTS: readonly Rights[] = ['superadmin', 'admin', 'editor'];

export const rightsSchema = z.preprocess((v) => (v === 'non' ? 'none' : v), z.enum(RIGHTS));
/** A role as answered (plain: the server encodes its answers with it, so no reader runs here). */
export const roleAnswerSchema = z.enum(ROLES);
export const roleSchema = z.preprocess((v) => (v === 'non' ? 'none' : v), roleAnswerSchema);
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);

export function isStaff(rights: string | undefined | null): rights is Rights {
  return STAFF_RIGHTS.includes(rights as Rights);
}
