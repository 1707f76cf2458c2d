import { useQuery } from '@tanstack/react-query';
import { fetchSummary, SUMMARY_QUERY_KEY } from './api';

/** The page refreshes itself while open, and when the window gets focus again. */
export const SUMMARY_REFRESH_MS = 60_000;

export function useSummary() {
  return useQuery({
    queryKey: SUMMARY_QUERY_KEY,
    queryFn: ({ signal }) => fetchSummary(signal),
    refetchInterval: SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
