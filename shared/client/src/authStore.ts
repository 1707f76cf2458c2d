import type { ProtectedUser } from '@ummahnotify/domain';
import { create } from 'zustand';

/**
 * What GET /api/protected told us about the signed-in account. `rights` stays a plain string:
 * the guard must be able to see (and refuse) roles the client does not know.
 */
export type SessionUser = Partial<Omit<ProtectedUser, 'rights'>> & { rights?: string };

export interface AuthState {
  user: SessionUser;
  rights: string;
  activated: boolean;
  setUser: (user: SessionUser) => void;
  reset: () => void;
}

/** docs/product/data.md: user default empty, rights default '', activated default true. */
const SIGNED_OUT = { user: {}, rights: '', activated: true } satisfies Pick<AuthState, 'user' | 'rights' | 'activated'>;

/** The one auth store; shared as a Module Federation singleton so every remote sees the same one. */
export const useAuthStore = create<AuthState>()((set) => ({
  ...SIGNED_OUT,
  setUser: (user) => set({ user, rights: user.rights ?? '', activated: user.activated ?? true }),
  reset: () => set(SIGNED_OUT),
}));
