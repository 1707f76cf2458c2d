import { api, type SessionUser, useAuthStore } from '@ummahnotify/client';
import { API_PATHS } from '@ummahnotify/core';

/** Reads GET /api/protected's answer; anything that is not an object counts as "returned nothing". */
export function readSessionUser(data: unknown): SessionUser | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const user = data as SessionUser;
  // The legacy spelling of 'none' (docs/product/rights.md).
  return user.rights === 'non' ? { ...user, rights: 'none' } : user;
}

/** The signed-in account, or null when the server answered nothing usable. Throws when the call fails. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const response = await api.get<unknown>(API_PATHS.protected);
  return readSessionUser(response.data);
}

/** Ends the session on the server (docs/product/data.md#session) and forgets the user here either way. */
export async function logout(): Promise<void> {
  try {
    await api.get(API_PATHS.logout);
  } finally {
    useAuthStore.getState().reset();
  }
}
