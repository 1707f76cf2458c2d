import type { Config } from '../../config';
import { type Channel, offState, type SendOutcome } from './types';

// CONTRACT STUB (lead): the messaging helper replaces this file with the real channel.
export interface WhatsAppChannel extends Channel {
  /** phone as stored, +65XXXXXXXX */
  sendText(phone: string, text: string): Promise<SendOutcome>;
  /** X-Hub-Signature-256 of the raw webhook body, checked with WHATSAPP_APP_SECRET (timing-safe). */
  verifySignature(rawBody: Buffer, header: string | undefined): boolean;
  /** WHATSAPP_VERIFY_TOKEN for the GET verification handshake; null when unset. */
  readonly verifyToken: string | null;
}

export async function createWhatsAppChannel(_config: Config): Promise<WhatsAppChannel> {
  const off = { ok: false, kind: 'permanent', error: 'whatsapp is off' } as const;
  return {
    name: 'whatsapp',
    state: offState('whatsapp', 'WHATSAPP_TOKEN and WHATSAPP_PHONE_ID are not set'),
    verifyToken: null,
    send: async () => off,
    sendText: async () => off,
    verifySignature: () => false,
    close: async () => {},
  };
}
