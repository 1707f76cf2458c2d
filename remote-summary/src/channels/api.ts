import { api } from '@ummahnotify/client';
import { type ChannelsResponse, channelsResponseSchema, DELIVERY_API } from '@ummahnotify/domain';

export const DELIVERY_CHANNELS_QUERY_KEY = ['delivery', 'channels'] as const;

/** GET which delivery channels are on, why the others are off, and their recent counts. */
export async function fetchDeliveryChannels(signal?: AbortSignal): Promise<ChannelsResponse> {
  const { data } = await api.get(DELIVERY_API.channels, { signal });
  return channelsResponseSchema.parse(data);
}
