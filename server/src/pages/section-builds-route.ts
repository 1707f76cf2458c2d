import { SECTION_BUILDS_API, sectionBuildsResponseSchema } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUPERADMIN } from '../auth/rights';
import type { RemoteLocations } from './remote-pointers';

/** GET each section's live build, for the superadmin's summary: read where the shell's configuration reads it. */
export function registerSectionBuilds(app: FastifyInstance, locations: RemoteLocations): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      SECTION_BUILDS_API.builds,
      { schema: { response: { 200: sectionBuildsResponseSchema } }, config: { access: SUPERADMIN } },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { code: 200 as const, data: await locations.builds() };
      },
    );
}
