import { useQuery } from '@tanstack/react-query';
import { SUMMARY_REFRESH_MS } from '../counts/hooks';
import { fetchSectionBuilds, SECTION_BUILDS_QUERY_KEY } from './api';

/** Each section's live build, refreshed with the summary. */
export function useSectionBuilds() {
  return useQuery({
    queryKey: SECTION_BUILDS_QUERY_KEY,
    queryFn: ({ signal }) => fetchSectionBuilds(signal),
    refetchInterval: SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
