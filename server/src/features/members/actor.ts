import type { FastifyRequest } from 'fastify';

/** The signed-in superadmin making the change (the rights guard lets no one here without a session). */
export function actorId(request: Pick<FastifyRequest, 'user'>): string {
  if (!request.user) throw new Error('the rights guard lets no one in without a session');
  return request.user.id;
}
