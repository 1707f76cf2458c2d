import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import {
  DELIVERY_API,
  type DeliveryKind,
  type DeliveryStatusResponse,
  deliveryStatusResponseSchema,
  latestSending,
  type Sending,
} from '@ummahnotify/domain';
import { api } from '../api';

/** While anything is on its way the counts move every few seconds; otherwise a slow check is enough. */
export const DELIVERY_POLL_FAST_MS = 3_000;
export const DELIVERY_POLL_SLOW_MS = 30_000;
/** The server answers at most this many ids per request (deliveryStatusQuerySchema). */
export const DELIVERY_IDS_PER_REQUEST = 200;

export const deliveryStatusKey = (kind?: DeliveryKind) => ['delivery', 'status', ...(kind ? [kind] : [])] as const;

/** A sending whose messages are still on their way: pending, paused by the provider or waiting for the daily limit. */
function moving(sending: Sending): boolean {
  return (
    !sending.expanded ||
    Object.values(sending.channels).some((c) => c.pending > 0) ||
    Object.values(sending.progress ?? {}).some((p) => p.paused > 0 || p.limited > 0)
  );
}

/**
 * Fast while a latest sending is still listing its recipients or has messages pending (paused or
 * waiting for the daily limit included: their pause ends and "All by" moves), slow otherwise.
 */
export function deliveryPollInterval(data: DeliveryStatusResponse | undefined): number {
  if (!data) return DELIVERY_POLL_SLOW_MS;
  const busy = Object.values(data.items).some((sendings) => {
    const latest = latestSending(sendings);
    return latest !== undefined && moving(latest);
  });
  return busy ? DELIVERY_POLL_FAST_MS : DELIVERY_POLL_SLOW_MS;
}

async function fetchStatus(kind: DeliveryKind, ids: string[], signal: AbortSignal): Promise<DeliveryStatusResponse> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += DELIVERY_IDS_PER_REQUEST)
    chunks.push(ids.slice(i, i + DELIVERY_IDS_PER_REQUEST));
  const answers = await Promise.all(
    chunks.map(async (chunk) => {
      const { data } = await api.get(DELIVERY_API.status, { params: { kind, ids: chunk.join(',') }, signal });
      return deliveryStatusResponseSchema.parse(data);
    }),
  );
  return {
    channels: answers[0]?.channels ?? [],
    pauses: answers[0]?.pauses ?? [],
    items: Object.assign({}, ...answers.map((a) => a.items)),
  };
}

/**
 * The delivery counts of every item on a page, in one request (more only past 200 ids), polled
 * while the page is open. The previous answer stays on screen while the next one loads.
 */
export function useDeliveryStatus(kind: DeliveryKind, ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: [...deliveryStatusKey(kind), sorted],
    queryFn: ({ signal }) => fetchStatus(kind, sorted, signal),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => deliveryPollInterval(query.state.data),
    retry: false,
  });
}

export type DeliveryStatusQuery = ReturnType<typeof useDeliveryStatus>;

/** After an approval, a publication or a correction: look again now rather than at the next slow poll. */
export function refreshDeliveryStatus(queryClient: QueryClient, kind?: DeliveryKind): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: deliveryStatusKey(kind) });
}
