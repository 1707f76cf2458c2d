import type { Config } from '../../config';
import { type Channel, offState, type SendOutcome } from './types';

// CONTRACT STUB (lead): the messaging helper replaces this file with the real channel.
export interface TelegramChannel extends Channel {
  /** The bot's username (from getMe), for t.me deep links; null while unknown. */
  readonly botUsername: string | null;
  /** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token. */
  readonly webhookSecret: string;
  sendText(chatId: string, text: string): Promise<SendOutcome>;
  /** setWebhook with the secret token. */
  registerWebhook(url: string): Promise<SendOutcome>;
}

export async function createTelegramChannel(_config: Config): Promise<TelegramChannel> {
  const off = { ok: false, kind: 'permanent', error: 'telegram is off' } as const;
  return {
    name: 'telegram',
    state: offState('telegram', 'TELEGRAM_BOT_TOKEN is not set'),
    botUsername: null,
    webhookSecret: '',
    send: async () => off,
    sendText: async () => off,
    registerWebhook: async () => off,
    close: async () => {},
  };
}
