import { api } from '@ummahnotify/client';
import type { SubscriberChannel } from '@ummahnotify/core';
import { type ChannelsResponse, channelsResponseSchema, DELIVERY_API, resumeResponseSchema } from '@ummahnotify/domain';

export const DELIVERY_CHANNELS_QUERY_KEY = ['delivery', 'channels'] as const;

/** GET which delivery channels are on, why the others are off, and their recent counts. */
export async function fetchDeliveryChannels(signal?: AbortSignal): Promise<ChannelsResponse> {
  const { data } = await api.get(DELIVERY_API.channels, { signal });
  return channelsResponseSchema.parse(data);
}

/** POST: ends the channel's account pause now (superadmin); whether it was still paused. */
export async function resumeDeliveryChannel(channel: SubscriberChannel): Promise<boolean> {
  const { data } = await api.post(DELIVERY_API.resume(channel));
  return resumeResponseSchema.parse(data).data.resumed;
}
