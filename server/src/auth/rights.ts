import type { Rights } from '@ummahnotify/domain';

/**
 * Who may call a route, declared on the route itself (`config: { access: STAFF }`); a route without one
 * stops start-up (auth/guard.ts). 'public': anyone. 'signed-in': any session, whatever its rights.
 * A list: only those rights. The rights-matrix test calls every route as every kind of caller.
 */
export type Access = 'public' | 'signed-in' | readonly Rights[];

/** Staff rights: the janaza and events sections' routes. */
export const STAFF = ['superadmin', 'admin', 'editor'] as const;
export const SUPERADMIN = ['superadmin'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: read by the guard (auth/guard.ts). */
    access?: Access;
  }
}
