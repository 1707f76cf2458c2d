import { api } from '@ummahnotify/client';
import {
  ACTIVITY_API,
  type ActivityKind,
  type ActivityListResponse,
  activityListResponseSchema,
} from '@ummahnotify/domain';

/** The activity log's filters; dates are Singapore days (YYYY-MM-DD), both included. */
export interface ActivityFilters {
  actor?: string;
  kind?: ActivityKind;
  from?: string;
  to?: string;
}

export const ACTIVITY_PAGE_SIZE = 25;

export const activityQueryKey = (filters: ActivityFilters) => ['activity', filters] as const;

/** GET one page of the activity log, newest first; `cursor` is the previous page's nextCursor. */
export async function fetchActivityPage(
  filters: ActivityFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ActivityListResponse> {
  const params: Record<string, string> = { limit: String(ACTIVITY_PAGE_SIZE) };
  for (const [key, value] of Object.entries(filters)) if (value) params[key] = value;
  if (cursor) params.cursor = cursor;
  const { data } = await api.get(ACTIVITY_API.list, { params, signal });
  return activityListResponseSchema.parse(data);
}
