import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@ummahnotify/shared/client';
import {
  ACTIVITY_API,
  type ActivityKind,
  type ActivityListResponse,
  activityListResponseSchema,
} from '@ummahnotify/shared/domain';

/** The activity log's filters; dates are Singapore days (YYYY-MM-DD), both included. */
export interface ActivityFilters {
  actor?: string;
  kind?: ActivityKind;
  from?: string;
  to?: string;
}

export const ACTIVITY_PAGE_SIZE = 25;

/** GET the activity log page by page ("Load more" asks for the next cursor), newest first. */
export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: ['activity', filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ActivityListResponse> => {
      const params: Record<string, string> = { limit: String(ACTIVITY_PAGE_SIZE) };
      for (const [key, value] of Object.entries(filters)) if (value) params[key] = value;
      if (pageParam) params.cursor = pageParam;
      const { data } = await api.get(ACTIVITY_API.list, { params, signal });
      return activityListResponseSchema.parse(data);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
