import { createHash } from 'node:crypto';
import type { SubscriberChannel } from '@ummahnotify/core';
import type { DeliveryKind } from '@ummahnotify/domain';
import type { Config } from '../../config';
import { telegramBotId } from '../channels/telegram';
import { PAIR_RATE_MS } from '../channels/whatsapp';
import type { Budget } from './pacer';

/** Telegram's paid broadcasts: "up to 1000 messages per second", 0.1 Star each (Bot API, allow_paid_broadcast). */
export const PAID_BROADCAST_RATE = 1000;

/**
 * The least time between two messages to one person on a channel: Telegram, one a second per chat
 * (Bots FAQ); WhatsApp, the pair rate (about one every 6 s). Email and web push have none.
 */
export const RECIPIENT_GAP_MS: Record<SubscriberChannel, number> = {
  webpush: 0,
  email: 0,
  telegram: 1_000,
  whatsapp: PAIR_RATE_MS,
};

/** A short, stable name for a secret-bearing account (the SMTP login), never the secret itself. */
const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Each paced channel's budget: one per bot token, phone number or mail account, at its provider's rate
 * (TELEGRAM_RATE, WHATSAPP_RATE, SMTP_RATE). Web push has none: each push service's Retry-After is obeyed
 * instead (a pause of that service). A janaza notice on Telegram with TELEGRAM_PAID_BROADCAST has its own.
 */
export function budgetOf(config: Config): (channel: SubscriberChannel, kind: DeliveryKind) => Budget | null {
  const { pace, channels } = config;
  const bot = telegramBotId(channels.TELEGRAM_BOT_TOKEN ?? '');
  const mail = channels.SMTP_URL ? new URL(channels.SMTP_URL) : null;
  const mailKey = mail ? `email:${fingerprint(`${mail.host}:${decodeURIComponent(mail.username)}`)}` : 'email:';
  return (channel, kind) => {
    switch (channel) {
      case 'telegram':
        return pace.telegramPaidBroadcast && kind === 'janaza'
          ? { key: `telegram-paid:${bot}`, rate: PAID_BROADCAST_RATE }
          : { key: `telegram:${bot}`, rate: pace.telegram };
      case 'whatsapp':
        return { key: `whatsapp:${channels.WHATSAPP_PHONE_ID ?? ''}`, rate: pace.whatsapp };
      case 'email':
        return { key: mailKey, rate: pace.smtp };
      default:
        return null;
    }
  };
}
