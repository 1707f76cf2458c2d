import { SUMMARY_API, summaryResponseSchema } from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import { SUPERADMIN } from '../../auth/rights';
import { readSummary } from './counters';

/** GET the superadmin's summary: `{code: 200, data: [summary]}` (docs/product/api.md), from trigger-kept counters. */
export async function registerSummary(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.get(
    SUMMARY_API.summary,
    { schema: { response: { 200: summaryResponseSchema } }, config: { access: SUPERADMIN } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { code: 200 as const, data: [await readSummary(db)] as [Awaited<ReturnType<typeof readSummary>>] };
    },
  );
}
