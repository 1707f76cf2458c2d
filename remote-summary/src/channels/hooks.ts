import { useQuery } from '@tanstack/react-query';
import { api } from '@ummahnotify/shared/client';
import { type ChannelsResponse, channelsResponseSchema, DELIVERY_API } from '@ummahnotify/shared/domain';
import { SUMMARY_REFRESH_MS } from '../counts/hooks';

export const DELIVERY_CHANNELS_QUERY_KEY = ['delivery', 'channels'] as const;

/** GET which delivery channels are on, why the others are off, and their recent counts; refreshed with the summary. */
export function useDeliveryChannels() {
  return useQuery({
    queryKey: DELIVERY_CHANNELS_QUERY_KEY,
    queryFn: async ({ signal }): Promise<ChannelsResponse> => {
      const { data } = await api.get(DELIVERY_API.channels, { signal });
      return channelsResponseSchema.parse(data);
    },
    refetchInterval: SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
