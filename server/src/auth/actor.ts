import type { FastifyRequest } from 'fastify';
import { signedInUser } from './guard';

/** The signed-in account making the change (the rights guard lets no one here without a session). */
export function actorId(request: Pick<FastifyRequest, 'user'>): string {
  return signedInUser(request).id;
}
