import type { SessionUser } from '@ummahnotify/client';
import { COMMUNITY_ROLES, type CommunityRole, STAFF_RIGHTS } from '@ummahnotify/domain';

/** What the protection check gave: the call failed, or it answered (possibly nothing). */
export type SessionCheck = { ok: false } | { ok: true; user: SessionUser | null };

export interface GuardDecision {
  /** Where to send the visitor; null lets them into the dashboard. */
  redirect: '/thanks' | '/' | null;
  /** Call the logout endpoint first. */
  logout: boolean;
  /** Put this user in the auth store. */
  store: SessionUser | null;
}

/**
 * Roles that get past the role check: superadmin, admin, editor, user, member (docs/product/screens.md#guard;
 * editors have two sections, docs/product/rights.md#roles, so they are let in).
 */
const KNOWN_ROLES: readonly string[] = [...STAFF_RIGHTS, ...COMMUNITY_ROLES];

/** docs/product/screens.md#guard, in its order. */
export function decideGuard(check: SessionCheck): GuardDecision {
  if (!check.ok || !check.user) return { redirect: '/thanks', logout: false, store: null };
  const user = check.user;
  const rights = user.rights ?? '';
  if (rights === '' || rights === 'none') return { redirect: '/thanks', logout: true, store: null };
  if (!KNOWN_ROLES.includes(rights)) return { redirect: '/', logout: false, store: user };
  if (COMMUNITY_ROLES.includes(rights as CommunityRole) && user.activated === true) {
    return { redirect: '/thanks', logout: false, store: user };
  }
  return { redirect: null, logout: false, store: user };
}
