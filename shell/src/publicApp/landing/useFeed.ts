import { useQuery } from '@tanstack/react-query';
import { api } from '@ummahnotify/client/public-app';
import { FEED_API } from '@ummahnotify/core';
import type { FeedResponse } from '@ummahnotify/domain';

export function useFeed() {
  return useQuery({
    queryKey: ['public', 'feed'],
    queryFn: async () => (await api.get<FeedResponse>(FEED_API.feed)).data,
    staleTime: 60_000,
    retry: 1,
  });
}

/** Feed URLs are paths on the API server, which may be another origin than the page. */
export function apiUrl(path: string): string {
  if (!path.startsWith('/')) return path;
  return `${api.defaults.baseURL ?? ''}${path}`;
}
