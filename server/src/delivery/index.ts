import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { type Channels, createChannels } from './channels';

/** The running delivery engine of one server instance. */
export interface Delivery {
  channels: Channels;
  /** An outbox row was just committed: look now instead of at the next poll. */
  wake(): void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    delivery: Delivery;
  }
}

export interface DeliveryOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

export async function startDelivery({ config }: DeliveryOptions): Promise<Delivery> {
  const channels = await createChannels(config);
  return {
    channels,
    wake: () => {},
    close: async () => {
      await Promise.all(Object.values(channels).map((c) => c.close()));
    },
  };
}
