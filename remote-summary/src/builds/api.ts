import { api } from '@ummahnotify/client';
import { SECTION_BUILDS_API, type SectionBuild, sectionBuildsResponseSchema } from '@ummahnotify/domain';

export const SECTION_BUILDS_QUERY_KEY = ['sections', 'builds'] as const;

/** GET which build of each section is live. */
export async function fetchSectionBuilds(signal?: AbortSignal): Promise<SectionBuild[]> {
  const { data } = await api.get(SECTION_BUILDS_API.builds, { signal });
  return sectionBuildsResponseSchema.parse(data).data;
}
