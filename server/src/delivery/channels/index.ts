import type { Config } from '../../config';
import type { SharedKey } from '../../secrets';
import { createEmailChannel, type EmailChannel } from './email';
import { createTelegramChannel, type TelegramChannel } from './telegram';
import type { ReadImage } from './telegram-photo';
import type { Channel } from './types';
import { createWebPushChannel, type WebPushChannel } from './webpush';
import { createWhatsAppChannel, type WhatsAppChannel } from './whatsapp';

/** The four channels, each on or off by its configuration. */
export interface Channels {
  webpush: WebPushChannel;
  email: EmailChannel;
  telegram: TelegramChannel;
  whatsapp: WhatsAppChannel;
}

export interface ChannelOptions {
  /** Where a generated VAPID key pair is shared with the other instances. */
  keys?: SharedKey;
  /** A certificate the web push channel trusts (tests with a self-signed push service). */
  pushServiceCa?: string;
  /** An upload's bytes, for the photos Telegram gets uploaded. */
  readImage?: ReadImage;
}

export async function createChannels(
  config: Config,
  { keys, pushServiceCa, readImage }: ChannelOptions = {},
): Promise<Channels> {
  return {
    webpush: await createWebPushChannel(config, { keys, ...(pushServiceCa && { ca: pushServiceCa }) }),
    email: await createEmailChannel(config),
    telegram: await createTelegramChannel(config, readImage),
    whatsapp: await createWhatsAppChannel(config),
  };
}

export function channelList(channels: Channels): Channel[] {
  return [channels.webpush, channels.email, channels.telegram, channels.whatsapp];
}
