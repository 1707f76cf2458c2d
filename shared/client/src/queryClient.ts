import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS } from '@ummahnotify/core';

/** Server data cache (docs/architecture.md#front-end-behaviour): unused data is kept 60 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: QUERY_GC_TIME_MS, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
