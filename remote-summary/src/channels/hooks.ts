import { useQuery } from '@tanstack/react-query';
import { SUMMARY_REFRESH_MS } from '../counts/hooks';
import { DELIVERY_CHANNELS_QUERY_KEY, fetchDeliveryChannels } from './api';

/** The delivery channels, refreshed with the summary. */
export function useDeliveryChannels() {
  return useQuery({
    queryKey: DELIVERY_CHANNELS_QUERY_KEY,
    queryFn: ({ signal }) => fetchDeliveryChannels(signal),
    refetchInterval: SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
