import { useInfiniteQuery } from '@tanstack/react-query';
import { type ActivityFilters, activityQueryKey, fetchActivityPage } from './api';

/** The activity log page by page ("Load more" asks for the next cursor). */
export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: activityQueryKey(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchActivityPage(filters, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}
