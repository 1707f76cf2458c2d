import { REMOTE_NAMES } from '@ummahnotify/core';
import { z } from 'zod';

/** Which build of each section is live (docs/product/screens.md#summary, "Section builds"). */
export const SECTION_BUILDS_API = {
  builds: '/api/v1/admin/sections/builds',
} as const;

/**
 * One section's live build. `source`: `server` (the API server serves remote-<name>/dist), `fixed` (a manifest at a
 * fixed REMOTE_<NAME>_URL), `bucket` (a deployed build its bucket's current.json points at). `build`, `by`: only a
 * bucket's deploy records them; `since`: when a bucket's build went live, or when the server's was built.
 */
export const sectionBuildSchema = z.strictObject({
  section: z.enum(REMOTE_NAMES),
  source: z.enum(['server', 'fixed', 'bucket']),
  manifest: z.string(),
  build: z.string().nullable(),
  label: z.string().nullable(),
  since: z.string().nullable(),
  by: z.string().nullable(),
});
export type SectionBuild = z.infer<typeof sectionBuildSchema>;

export const sectionBuildsResponseSchema = z.object({ code: z.literal(200), data: z.array(sectionBuildSchema) });
