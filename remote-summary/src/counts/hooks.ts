import { useQuery } from '@tanstack/react-query';
import { api } from '@ummahnotify/shared/client';
import { SUMMARY_API, type Summary, summaryResponseSchema } from '@ummahnotify/shared/domain';

export const SUMMARY_QUERY_KEY = ['summary'] as const;
/** The page refreshes itself while open, and when the window gets focus again. */
export const SUMMARY_REFRESH_MS = 60_000;

/** GET the summary (SPEC §7): `{code, data: [summary]}`, checked against SPEC §3's shape. */
export function useSummary() {
  return useQuery({
    queryKey: SUMMARY_QUERY_KEY,
    queryFn: async ({ signal }): Promise<Summary> => {
      const { data } = await api.get(SUMMARY_API.summary, { signal });
      return summaryResponseSchema.parse(data).data[0];
    },
    refetchInterval: SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
