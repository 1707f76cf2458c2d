import { z } from 'zod';

/** The superadmin's summary (docs/product/screens.md#summary, data.md#summary, api.md). */
export const SUMMARY_API = {
  summary: '/api/v1/admin/dashboard/summary',
} as const;

const count = z.number().int().min(0);

/**
 * docs/product/data.md#summary, field for field. Subscriber counts are confirmed, active subscribers
 * (the people a notice reaches); administrators are accounts by their current rights.
 * updatedAt is when these counts were read (UTC ISO 8601).
 */
export const summarySchema = z.strictObject({
  janazah: z.strictObject({ total: count }),
  events: z.strictObject({ total: count }),
  subscribers: z.strictObject({
    web: z.strictObject({ total: count, janaza: count, events: count }),
    email: count,
    whatsapp: count,
    telegram: count,
  }),
  totalMembers: z.strictObject({ total: count, masjid: count, partners: count, members: count }),
  totalAdministrators: z.strictObject({ total: count, admins: count, editors: count, superadmins: count }),
  updatedAt: z.string(),
});
export type Summary = z.infer<typeof summarySchema>;

/** docs/product/api.md: "data array; first element is the summary". */
export const summaryResponseSchema = z.object({
  code: z.literal(200),
  data: z.tuple([summarySchema]),
});
