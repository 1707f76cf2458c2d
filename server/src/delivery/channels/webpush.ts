import type { Config } from '../../config';
import { type Channel, offState } from './types';

// CONTRACT STUB (lead): the web push helper replaces this file with the real channel.
export interface WebPushChannel extends Channel {
  /** The VAPID public key (base64url, uncompressed P-256 point) browsers subscribe with; null when off. */
  readonly publicKey: string | null;
}

export async function createWebPushChannel(_config: Config): Promise<WebPushChannel> {
  return {
    name: 'webpush',
    state: offState('webpush', 'not built yet'),
    publicKey: null,
    send: async () => ({ ok: false, kind: 'permanent', error: 'webpush is off' }),
    close: async () => {},
  };
}
