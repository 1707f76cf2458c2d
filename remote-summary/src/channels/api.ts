import { api } from '@ummahnotify/client';
import type { SubscriberChannel } from '@ummahnotify/core';
import {
  type ChannelsResponse,
  channelsResponseSchema,
  DELIVERY_API,
  type DeliveryScope,
  type DiscardRequest,
  deliverySwitchResponseSchema,
  discardResponseSchema,
  resumeResponseSchema,
  type WaitingSending,
  waitingResponseSchema,
} from '@ummahnotify/domain';

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

/** POST: switches delivery off (superadmin), on every channel ('all') or one, with why; whether it changed. */
export async function pauseDelivery(scope: DeliveryScope, reason: string): Promise<boolean> {
  const { data } = await api.post(DELIVERY_API.pauseDelivery, { scope, reason });
  return deliverySwitchResponseSchema.parse(data).data.changed;
}

/** POST: switches delivery on again (superadmin); whether it was off. */
export async function resumeDelivery(scope: DeliveryScope): Promise<boolean> {
  const { data } = await api.post(DELIVERY_API.resumeDelivery, { scope });
  return deliverySwitchResponseSchema.parse(data).data.changed;
}

export const WAITING_SENDINGS_QUERY_KEY = ['delivery', 'waiting'] as const;

/** GET the sendings with messages waiting: what would go out when delivery resumes (superadmin). */
export async function fetchWaitingSendings(signal?: AbortSignal): Promise<WaitingSending[]> {
  const { data } = await api.get(DELIVERY_API.waiting, { signal });
  return waitingResponseSchema.parse(data).data.sendings;
}

/** POST: that sending's waiting messages are never sent (superadmin, delivery switched off); how many. */
export async function discardWaitingSending(sending: DiscardRequest): Promise<number> {
  const { data } = await api.post(DELIVERY_API.discard, sending);
  return discardResponseSchema.parse(data).data.discarded;
}
